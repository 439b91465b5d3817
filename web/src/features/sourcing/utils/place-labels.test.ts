// The map's place names: the box asked for at each zoom, the order of
// importance, and the greedy choice that never lets two labels overlap.
import { describe, expect, it } from 'vitest';
import { communeKind, labelsInOrder, placesBox, placeWithoutOverlap, type ScreenBox } from './place-labels';

const lyonView = { west: 4.7312, south: 45.6801, east: 4.9523, north: 45.8345 };

describe('the box asked for', () => {
  it('contains the view, on a grid a few km wide at city zoom', () => {
    const box = placesBox(lyonView, 11.6);
    expect(box.zoom).toBe(11);
    expect(box.west).toBeLessThanOrEqual(lyonView.west);
    expect(box.east).toBeGreaterThanOrEqual(lyonView.east);
    expect(box.south).toBeLessThanOrEqual(lyonView.south);
    expect(box.north).toBeGreaterThanOrEqual(lyonView.north);
    expect(lyonView.west - box.west).toBeLessThan(0.05);
  });

  it('is the same for a small move, so the answer is reused', () => {
    const moved = { ...lyonView, west: lyonView.west + 0.001, east: lyonView.east + 0.001 };
    expect(placesBox(moved, 11.2)).toEqual(placesBox(lyonView, 11.6));
  });

  it('stays within the coordinates the server accepts', () => {
    expect(placesBox({ west: -190, south: -89.9, east: 200, north: 89.9 }, 0.5)).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
      zoom: 0,
    });
  });
});

describe('the order of importance', () => {
  const places = {
    communes: [
      { name: 'Bron', lat: 45.73, lng: 4.91, population: 42_000 },
      { name: 'Lyon', lat: 45.76, lng: 4.83, population: 520_000 },
      { name: 'Villeurbanne', lat: 45.77, lng: 4.88, population: 156_000 },
    ],
    departments: [{ code: '69', name: 'Rhône', lat: 45.9, lng: 4.6 }],
  };

  it('puts the big cities first, then the departments, then the towns', () => {
    expect(labelsInOrder(places).map((label) => label.text)).toEqual(['Lyon', 'Villeurbanne', 'Rhône', 'Bron']);
  });

  it('sizes a name by its population', () => {
    expect(labelsInOrder(places).map((label) => label.kind)).toEqual(['city-large', 'city', 'department', 'city']);
    expect(communeKind(800)).toBe('town');
  });
});

describe('labels without overlap', () => {
  const map = { width: 400, height: 300 };
  const box = (x: number, y: number, width = 60): ScreenBox => ({ x, y, width, height: 16 });

  it('keeps the more important of two overlapping labels', () => {
    expect([...placeWithoutOverlap([box(100, 100), box(130, 105), box(250, 100)], map)]).toEqual([0, 2]);
  });

  it('leaves out labels cut by the edge or not projected', () => {
    expect([...placeWithoutOverlap([box(-10, 100), box(380, 100), null, box(10, 10)], map)]).toEqual([3]);
  });

  it('leaves out labels under the map controls and badges', () => {
    const badge = { x: 10, y: 10, width: 150, height: 24 };
    expect([...placeWithoutOverlap([box(100, 20), box(100, 120)], map, [badge])]).toEqual([1]);
  });

  it('keeps fewer labels at country zoom than at city zoom for the same places', () => {
    // ten towns 8 px apart (zoomed out) or 80 px apart (zoomed in)
    const spread = (spacing: number) => Array.from({ length: 10 }, (_, index) => box(5 + index * spacing, 140, 40));
    const zoomedOut = placeWithoutOverlap(spread(8), { width: 1000, height: 300 }).size;
    const zoomedIn = placeWithoutOverlap(spread(80), { width: 1000, height: 300 }).size;
    expect(zoomedOut).toBe(2);
    expect(zoomedIn).toBe(10);
  });
});
