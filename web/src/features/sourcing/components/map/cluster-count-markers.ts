// The counts written on the map's clusters, as HTML markers (the offline style
// has no glyphs): one marker per visible cluster, kept from one render of the
// map to the next and dropped once its cluster is no longer drawn. Cluster
// ids are only valid for one data set, so a new data set drops them all.
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { hitsSourceId } from './hit-layers';

export type CountMarkers = Map<number, maplibregl.Marker>;

export function clearCountMarkers(markers: CountMarkers): void {
  for (const marker of markers.values()) marker.remove();
  markers.clear();
}

function countMarker(count: number, label: string): HTMLElement {
  const element = document.createElement('span');
  element.className = 'map-cluster-count';
  element.setAttribute('data-testid', 'map-cluster-count');
  element.textContent = String(count);
  // Named by its sentence, which holds the visible count (maplibre would name it "Map marker").
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', label);
  return element;
}

/** Puts a marker on every cluster drawn now and removes those of clusters no longer drawn. */
export function updateCountMarkers(map: MapLibreMap, markers: CountMarkers, clusterLabel: (count: number) => string): void {
  if (!map.getSource(hitsSourceId) || !map.isSourceLoaded(hitsSourceId)) return;
  const visible = new Set<number>();
  for (const feature of map.querySourceFeatures(hitsSourceId)) {
    const properties = feature.properties ?? {};
    if (!properties.cluster || feature.geometry.type !== 'Point') continue;
    const clusterId = Number(properties.cluster_id);
    if (visible.has(clusterId)) continue;
    visible.add(clusterId);
    let marker = markers.get(clusterId);
    if (!marker) {
      const count = Number(properties.point_count);
      marker = new maplibregl.Marker({ element: countMarker(count, clusterLabel(count)) });
      marker.setLngLat(feature.geometry.coordinates as [number, number]);
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
}
