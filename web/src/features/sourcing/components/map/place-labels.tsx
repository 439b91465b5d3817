// The place names of the offline map: the style has no glyphs (nothing is
// downloaded at run time), so the names are HTML laid over the canvas and
// moved with the map. They are decoration, hidden from assistive technology
// (the results list is the accessible view) and never focusable; a configured
// tile server's style brings its own names, and then this layer is not used.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { useMapPlaces } from '../../api/get-map-places';
import {
  labelsInOrder,
  type PlaceLabel,
  type PlacesBox,
  placesBox,
  placeWithoutOverlap,
  type ScreenBox,
} from '../../utils/place-labels';
import { useMapInstance } from './map-context';

/** Commune names sit this far above their point, clear of the marker drawn on it. */
const labelLift = 4;

function viewBox(map: MapLibreMap): PlacesBox {
  const bounds = map.getBounds();
  return placesBox({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, map.getZoom());
}

function sameBox(a: PlacesBox | null, b: PlacesBox): boolean {
  return a !== null && a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north && a.zoom === b.zoom;
}

/** What labels must not run under: the map's controls, the circle's label and the badge over the map. */
const obstacleSelector = '.maplibregl-ctrl, .map-center, .country-wide-badge';

function obstacles(container: HTMLElement): ScreenBox[] {
  const origin = container.getBoundingClientRect();
  const scope = container.parentElement ?? container;
  return [...scope.querySelectorAll(obstacleSelector)].map((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left - origin.left, y: rect.top - origin.top, width: rect.width, height: rect.height };
  });
}

/** Writes `labels` over the map, the ones that fit without overlapping, and keeps them in place as it moves. */
function drawLabels(map: MapLibreMap, labels: PlaceLabel[]): () => void {
  const overlay = document.createElement('div');
  overlay.className = 'place-labels';
  overlay.setAttribute('aria-hidden', 'true');
  overlay.setAttribute('data-testid', 'place-labels');
  const elements = labels.map((label) => {
    const element = document.createElement('span');
    element.className = `place-label place-label--${label.kind}`;
    element.textContent = label.text;
    overlay.appendChild(element);
    return element;
  });
  // over the map's canvas, under its markers and controls
  map.getCanvasContainer().insertBefore(overlay, map.getCanvas().nextSibling);
  const sizes = elements.map((element) => ({ width: element.offsetWidth, height: element.offsetHeight }));

  const layout = () => {
    const container = map.getContainer();
    const boxes = labels.map((label, index) => {
      const point = map.project([label.lng, label.lat]);
      const { width, height } = sizes[index] ?? { width: 0, height: 0 };
      const top = label.kind === 'department' ? point.y - height / 2 : point.y - height - labelLift;
      return { x: point.x - width / 2, y: top, width, height };
    });
    const kept = placeWithoutOverlap(boxes, { width: container.clientWidth, height: container.clientHeight }, obstacles(container));
    elements.forEach((element, index) => {
      const box = boxes[index];
      const shown = kept.has(index) && box !== undefined;
      element.style.visibility = shown ? 'visible' : 'hidden';
      if (shown) element.style.transform = `translate(${Math.round(box.x)}px, ${Math.round(box.y)}px)`;
    });
    overlay.setAttribute('data-shown', String(kept.size));
  };
  layout();
  map.on('move', layout);
  map.on('resize', layout);
  return () => {
    map.off('move', layout);
    map.off('resize', layout);
    overlay.remove();
  };
}

export function PlaceLabels() {
  const map = useMapInstance();
  const [box, setBox] = useState<PlacesBox | null>(null);

  useEffect(() => {
    if (!map) return undefined;
    const update = () => {
      const next = viewBox(map);
      setBox((previous) => (sameBox(previous, next) ? previous : next));
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);

  const places = useMapPlaces(box);
  const labels = useMemo(() => (places.data ? labelsInOrder(places.data) : []), [places.data]);

  useEffect(() => {
    if (!map || labels.length === 0) return undefined;
    return drawLabels(map, labels);
  }, [map, labels]);

  return null;
}
