// The search circle: a GeoJSON polygon source with a soft fill and an outline,
// a label at its centre (an HTML marker, the offline style has no glyphs), and
// the view fitted to it whenever the centre or the radius changes.
import * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { circleBounds, circlePolygon, destinationPoint, type LngLat } from '../../utils/geo-circle';
import { mapColors } from '../../utils/offline-map-style';
import { useMapInstance } from './map-context';

/** How the view frames the circle, whether the map opens on it or moves to it. */
export const circleFitOptions = { padding: 48, maxZoom: 13 } as const;

const sourceId = 'search-circle';
const fillLayerId = 'search-circle-fill';
const lineLayerId = 'search-circle-line';

export function CircleLayer({
  center,
  radiusKm,
  label,
  animate,
}: {
  center: LngLat;
  radiusKm: number;
  label: string;
  animate: boolean;
}) {
  const map = useMapInstance();
  const polygon = useMemo(() => circlePolygon(center, radiusKm), [center, radiusKm]);
  const latestPolygon = useRef(polygon);
  useEffect(() => {
    latestPolygon.current = polygon;
  }, [polygon]);

  useEffect(() => {
    if (!map) return undefined;
    map.addSource(sourceId, { type: 'geojson', data: latestPolygon.current });
    map.addLayer({
      id: fillLayerId,
      type: 'fill',
      source: sourceId,
      paint: { 'fill-color': mapColors.brand, 'fill-opacity': 0.08 },
    });
    map.addLayer({
      id: lineLayerId,
      type: 'line',
      source: sourceId,
      paint: { 'line-color': mapColors.brand, 'line-width': 2, 'line-dasharray': [2, 1.5] },
    });
    return () => {
      if (!map.getStyle()) return;
      if (map.getLayer(lineLayerId)) map.removeLayer(lineLayerId);
      if (map.getLayer(fillLayerId)) map.removeLayer(fillLayerId);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    map.getSource<maplibregl.GeoJSONSource>(sourceId)?.setData(polygon);
    map.fitBounds(circleBounds(center, radiusKm), { ...circleFitOptions, duration: animate ? 600 : 0 });
  }, [map, polygon, center, radiusKm, animate]);

  // The place and the radius, written on the top of the circle so it never hides the markers at the centre.
  useEffect(() => {
    if (!map) return undefined;
    const element = document.createElement('div');
    element.className = 'map-center';
    element.setAttribute('data-testid', 'map-center');
    element.textContent = label;
    // A label, not a control: maplibre would otherwise name it "Map marker" with the role of a button.
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', label);
    const top = destinationPoint(center, radiusKm, 0);
    const marker = new maplibregl.Marker({ element, anchor: 'bottom', offset: [0, -4] })
      .setLngLat([top.lng, top.lat])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, center, radiusKm, label]);

  return null;
}
