// What the pointer does on the candidates of the map: hovering a hit reports
// its candidate, clicking it opens it, and clicking a cluster zooms in until
// it splits; the cursor says which. Each listener is removed by its own
// subscription, so none can be left behind.
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent, Subscription } from 'maplibre-gl';
import { clusterLayerId, hitsSourceId, pointLayerId } from './hit-layers';

export type HitPointerHandlers = {
  onHover: (candidateId: number | null) => void;
  onSelect: (candidateId: number) => void;
};

const candidateIdOf = (event: MapLayerMouseEvent): unknown => event.features?.[0]?.properties?.candidate_id;

function zoomIntoCluster(map: MapLibreMap, event: MapLayerMouseEvent): void {
  const feature = event.features?.[0];
  const clusterId = feature?.properties?.cluster_id;
  if (!feature || typeof clusterId !== 'number' || feature.geometry.type !== 'Point') return;
  const [lng, lat] = feature.geometry.coordinates as [number, number];
  void map
    .getSource<GeoJSONSource>(hitsSourceId)
    ?.getClusterExpansionZoom(clusterId)
    .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
}

/** Listens on the hit layers; `handlers()` gives the latest handlers at each event. */
export function subscribeHitPointerEvents(map: MapLibreMap, handlers: () => HitPointerHandlers): Subscription[] {
  const setCursor = (cursor: string) => {
    map.getCanvas().style.cursor = cursor;
  };
  return [
    map.on('mousemove', pointLayerId, (event) => {
      const id = candidateIdOf(event);
      setCursor('pointer');
      if (typeof id === 'number') handlers().onHover(id);
    }),
    map.on('mouseleave', pointLayerId, () => {
      setCursor('');
      handlers().onHover(null);
    }),
    map.on('click', pointLayerId, (event) => {
      const id = candidateIdOf(event);
      if (typeof id === 'number') handlers().onSelect(id);
    }),
    map.on('mouseenter', clusterLayerId, () => setCursor('zoom-in')),
    map.on('mouseleave', clusterLayerId, () => setCursor('')),
    map.on('click', clusterLayerId, (event) => zoomIntoCluster(map, event)),
  ];
}
