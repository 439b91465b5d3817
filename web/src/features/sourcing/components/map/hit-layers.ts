// The sources and layers that draw the candidates on the map: a clustered
// GeoJSON source with a circle layer for the clusters and one for the single
// hits (better scores darker), and a small source for the hovered hit, drawn
// on top as a halo and a dot even when its point sits inside a cluster.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { emptyFeatureCollection, type HitFeatureCollection } from '../../utils/hit-features';
import { mapColors } from '../../utils/offline-map-style';

export const hitsSourceId = 'search-hits';
export const highlightSourceId = 'search-hit-highlight';
export const clusterLayerId = 'search-hits-clusters';
export const pointLayerId = 'search-hits-points';
const highlightHaloLayerId = 'search-hit-highlight-halo';
const highlightDotLayerId = 'search-hit-highlight-dot';

export function addHitLayers(map: MapLibreMap, hits: HitFeatureCollection): void {
  map.addSource(hitsSourceId, {
    type: 'geojson',
    data: hits,
    cluster: true,
    clusterRadius: 42,
    clusterMaxZoom: 12,
  });
  map.addSource(highlightSourceId, { type: 'geojson', data: emptyFeatureCollection });
  map.addLayer({
    id: clusterLayerId,
    type: 'circle',
    source: hitsSourceId,
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
    source: hitsSourceId,
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
}

/** Takes the layers and sources away again, unless the map (its style) is gone already. */
export function removeHitLayers(map: MapLibreMap): void {
  if (!map.getStyle()) return;
  for (const layer of [highlightDotLayerId, highlightHaloLayerId, pointLayerId, clusterLayerId]) {
    if (map.getLayer(layer)) map.removeLayer(layer);
  }
  for (const source of [highlightSourceId, hitsSourceId]) {
    if (map.getSource(source)) map.removeSource(source);
  }
}
