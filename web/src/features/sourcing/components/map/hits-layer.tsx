// The candidates on the map: a clustered GeoJSON source drawn with circle
// layers, the cluster counts as HTML markers (no glyphs offline), and a second
// small source holding the hovered hit, drawn on top even when its point sits
// inside a cluster. Hovering a point reports its candidate; clicking opens it;
// clicking a cluster zooms in until it splits.
import maplibregl, { type GeoJSONSource, type MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { emptyFeatureCollection, highlightedFeatures, type HitFeatureCollection } from '../../utils/hit-features';
import { mapColors } from '../../utils/offline-map-style';
import { useMapInstance } from './map-context';

const sourceId = 'search-hits';
const highlightSourceId = 'search-hit-highlight';
export const clusterLayerId = 'search-hits-clusters';
export const pointLayerId = 'search-hits-points';
const highlightHaloLayerId = 'search-hit-highlight-halo';
const highlightDotLayerId = 'search-hit-highlight-dot';

type HitsLayerProps = {
  hits: HitFeatureCollection;
  highlightedId: number | null;
  onHover: (candidateId: number | null) => void;
  onSelect: (candidateId: number) => void;
  clusterLabel: (count: number) => string;
};

function clearMarkers(markers: Map<number, maplibregl.Marker>): void {
  for (const marker of markers.values()) marker.remove();
  markers.clear();
}

export function HitsLayer({ hits, highlightedId, onHover, onSelect, clusterLabel }: HitsLayerProps) {
  const map = useMapInstance();
  // Handlers are registered once; they read the latest props through this ref.
  const latest = useRef({ hits, onHover, onSelect, clusterLabel });
  useEffect(() => {
    latest.current = { hits, onHover, onSelect, clusterLabel };
  }, [hits, onHover, onSelect, clusterLabel]);
  // Cluster ids are only valid for one data set, so the count markers are dropped with each new one.
  const countMarkers = useRef(new Map<number, maplibregl.Marker>());

  useEffect(() => {
    if (!map) return undefined;
    map.addSource(sourceId, {
      type: 'geojson',
      data: latest.current.hits,
      cluster: true,
      clusterRadius: 42,
      clusterMaxZoom: 12,
    });
    map.addSource(highlightSourceId, { type: 'geojson', data: emptyFeatureCollection });
    map.addLayer({
      id: clusterLayerId,
      type: 'circle',
      source: sourceId,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': mapColors.brandDark,
        'circle-opacity': 0.92,
        'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 50, 24],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 3,
      },
    });
    map.addLayer({
      id: pointLayerId,
      type: 'circle',
      source: sourceId,
      filter: ['!', ['has', 'point_count']],
      paint: {
        // Better scores are darker.
        'circle-color': ['interpolate', ['linear'], ['get', 'score'], 0, '#5eead4', 60, mapColors.brand, 90, mapColors.brandDark],
        'circle-radius': 8,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: highlightHaloLayerId,
      type: 'circle',
      source: highlightSourceId,
      paint: { 'circle-color': mapColors.accent, 'circle-opacity': 0.3, 'circle-radius': 20 },
    });
    map.addLayer({
      id: highlightDotLayerId,
      type: 'circle',
      source: highlightSourceId,
      paint: {
        'circle-color': mapColors.accent,
        'circle-radius': 9,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 3,
      },
    });

    const onPointMove = (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties?.candidate_id;
      map.getCanvas().style.cursor = 'pointer';
      if (typeof id === 'number') latest.current.onHover(id);
    };
    const onPointLeave = () => {
      map.getCanvas().style.cursor = '';
      latest.current.onHover(null);
    };
    const onPointClick = (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties?.candidate_id;
      if (typeof id === 'number') latest.current.onSelect(id);
    };
    const onClusterEnter = () => {
      map.getCanvas().style.cursor = 'zoom-in';
    };
    const onClusterLeave = () => {
      map.getCanvas().style.cursor = '';
    };
    const onClusterClick = (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const clusterId = feature?.properties?.cluster_id;
      if (!feature || typeof clusterId !== 'number' || feature.geometry.type !== 'Point') return;
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      void map
        .getSource<GeoJSONSource>(sourceId)
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
    };

    // Cluster counts: one HTML marker per visible cluster, kept between renders.
    const markers = countMarkers.current;
    const updateCountMarkers = () => {
      if (!map.getSource(sourceId) || !map.isSourceLoaded(sourceId)) return;
      const visible = new Set<number>();
      for (const feature of map.querySourceFeatures(sourceId)) {
        const properties = feature.properties ?? {};
        if (!properties.cluster || feature.geometry.type !== 'Point') continue;
        const clusterId = Number(properties.cluster_id);
        if (visible.has(clusterId)) continue;
        visible.add(clusterId);
        let marker = markers.get(clusterId);
        if (!marker) {
          const element = document.createElement('span');
          element.className = 'map-cluster-count';
          element.setAttribute('data-testid', 'map-cluster-count');
          element.textContent = String(properties.point_count);
          // Named by its sentence, which holds the visible count (maplibre would name it "Map marker").
          element.setAttribute('role', 'img');
          element.setAttribute('aria-label', latest.current.clusterLabel(Number(properties.point_count)));
          marker = new maplibregl.Marker({ element }).setLngLat(feature.geometry.coordinates as [number, number]);
          markers.set(clusterId, marker);
        }
        marker.addTo(map);
      }
      for (const [clusterId, marker] of markers) {
        if (!visible.has(clusterId)) {
          marker.remove();
          markers.delete(clusterId);
        }
      }
    };

    // Each listener is removed by its own subscription, so none can be left behind.
    const subscriptions = [
      map.on('mousemove', pointLayerId, onPointMove),
      map.on('mouseleave', pointLayerId, onPointLeave),
      map.on('click', pointLayerId, onPointClick),
      map.on('mouseenter', clusterLayerId, onClusterEnter),
      map.on('mouseleave', clusterLayerId, onClusterLeave),
      map.on('click', clusterLayerId, onClusterClick),
      map.on('render', updateCountMarkers),
    ];

    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      clearMarkers(markers);
      if (!map.getStyle()) return;
      for (const layer of [highlightDotLayerId, highlightHaloLayerId, pointLayerId, clusterLayerId]) {
        if (map.getLayer(layer)) map.removeLayer(layer);
      }
      for (const source of [highlightSourceId, sourceId]) {
        if (map.getSource(source)) map.removeSource(source);
      }
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    const source = map.getSource<GeoJSONSource>(sourceId);
    if (!source) return;
    clearMarkers(countMarkers.current);
    void source.setData(hits);
  }, [map, hits]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(highlightSourceId)?.setData(highlightedFeatures(hits, highlightedId));
  }, [map, hits, highlightedId]);

  return null;
}
