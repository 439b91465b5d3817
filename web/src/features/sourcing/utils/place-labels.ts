// Which place names the offline map writes, and where. The server picks the
// most populous communes of the view (GET /api/api/geo/places); here the view
// is rounded so that nearby views share one cached answer, the labels are put
// in order of importance, and a label that would overlap a more important one
// is left out, so the map is never cluttered at any zoom.
import type { Schemas } from '@/api/schemas';

export type MapCommune = Schemas['MapCommune'];
export type MapPlaces = Schemas['MapPlaces'];

export type PlacesBox = { west: number; south: number; east: number; north: number; zoom: number };

/** The size class of a commune's label: the bigger the town, the bigger its name. */
export type LabelKind = 'city-large' | 'city' | 'town' | 'department';

export type PlaceLabel = { key: string; text: string; kind: LabelKind; lat: number; lng: number };

/** A label's box on screen, in pixels, from its top-left corner. */
export type ScreenBox = { x: number; y: number; width: number; height: number };

/** Communes above this population come before the department names. */
const prominentPopulation = 50_000;

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * The box to ask the server for: the view widened to a grid whose step halves
 * with each zoom level (a few km at city zoom), and the zoom rounded down,
 * so small moves reuse the answer the browser already holds.
 */
export function placesBox(view: { west: number; south: number; east: number; north: number }, zoom: number): PlacesBox {
  const level = clamp(Math.floor(zoom), 0, 22);
  const step = 90 / 2 ** level;
  const down = (value: number) => Math.floor(value / step) * step;
  const up = (value: number) => Math.ceil(value / step) * step;
  const round = (value: number) => Number(value.toFixed(6));
  return {
    west: round(clamp(down(view.west), -180, 180)),
    south: round(clamp(down(view.south), -90, 90)),
    east: round(clamp(up(view.east), -180, 180)),
    north: round(clamp(up(view.north), -90, 90)),
    zoom: level,
  };
}

export function communeKind(population: number): LabelKind {
  if (population >= 200_000) return 'city-large';
  if (population >= 20_000) return 'city';
  return 'town';
}

/** Every label of the answer, most important first: big cities, then departments, then the other communes. */
export function labelsInOrder(places: MapPlaces): PlaceLabel[] {
  const commune = (place: MapCommune): PlaceLabel => ({
    key: `commune:${place.name}:${place.lat}:${place.lng}`,
    text: place.name,
    kind: communeKind(place.population),
    lat: place.lat,
    lng: place.lng,
  });
  const byPopulation = [...places.communes].sort((a, b) => b.population - a.population);
  const prominent = byPopulation.filter((place) => place.population >= prominentPopulation);
  const others = byPopulation.filter((place) => place.population < prominentPopulation);
  const departments = places.departments.map<PlaceLabel>((place) => ({
    key: `department:${place.code}`,
    text: place.name,
    kind: 'department',
    lat: place.lat,
    lng: place.lng,
  }));
  return [...prominent.map(commune), ...departments, ...others.map(commune)];
}

function overlaps(a: ScreenBox, b: ScreenBox, gap: number): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/**
 * The labels to show, in the given order of importance: each one is kept when
 * it lies entirely inside the map and keeps `gap` pixels from every label
 * already kept and from the `obstacles` (the map's controls and badges).
 * Returns the kept indexes.
 */
export function placeWithoutOverlap(
  boxes: readonly (ScreenBox | null)[],
  mapSize: { width: number; height: number },
  obstacles: readonly ScreenBox[] = [],
  gap = 6,
): Set<number> {
  const kept: ScreenBox[] = [...obstacles];
  const keptIndexes = new Set<number>();
  boxes.forEach((box, index) => {
    if (!box) return;
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= mapSize.width && box.y + box.height <= mapSize.height;
    if (!inside || kept.some((other) => overlaps(box, other, gap))) return;
    kept.push(box);
    keptIndexes.add(index);
  });
  return keptIndexes;
}
