// The candidates on the map, as a map layer component: it adds its sources and
// layers (hit-layers.ts) once the map is there, listens to the pointer
// (hit-pointer-events.ts), keeps the cluster counts written
// (cluster-count-markers.ts), updates the data with `setData`, and takes it
// all away on unmount.
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { highlightedFeatures, type HitFeatureCollection } from '../../utils/hit-features';
import { clearCountMarkers, type CountMarkers, updateCountMarkers } from './cluster-count-markers';
import { addHitLayers, highlightSourceId, hitsSourceId, removeHitLayers } from './hit-layers';
import { subscribeHitPointerEvents } from './hit-pointer-events';
import { useMapInstance } from './map-context';

type HitsLayerProps = {
  hits: HitFeatureCollection;
  highlightedId: number | null;
  onHover: (candidateId: number | null) => void;
  onSelect: (candidateId: number) => void;
  clusterLabel: (count: number) => string;
};

export function HitsLayer({ hits, highlightedId, onHover, onSelect, clusterLabel }: HitsLayerProps) {
  const map = useMapInstance();
  // Handlers are registered once; they read the latest props through this ref.
  const latest = useRef({ hits, onHover, onSelect, clusterLabel });
  useEffect(() => {
    latest.current = { hits, onHover, onSelect, clusterLabel };
  }, [hits, onHover, onSelect, clusterLabel]);
  const countMarkers = useRef<CountMarkers>(new Map());

  useEffect(() => {
    if (!map) return undefined;
    addHitLayers(map, latest.current.hits);
    const markers = countMarkers.current;
    const subscriptions = [
      ...subscribeHitPointerEvents(map, () => latest.current),
      map.on('render', () => updateCountMarkers(map, markers, latest.current.clusterLabel)),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      clearCountMarkers(markers);
      removeHitLayers(map);
    };
  }, [map]);

  useEffect(() => {
    const source = map?.getSource<GeoJSONSource>(hitsSourceId);
    if (!source) return;
    clearCountMarkers(countMarkers.current);
    void source.setData(hits);
  }, [map, hits]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(highlightSourceId)?.setData(highlightedFeatures(hits, highlightedId));
  }, [map, hits, highlightedId]);

  return null;
}
