// The search circle really is a circle on the ground.
import { describe, expect, it } from 'vitest';
import { circleBounds, circlePolygon, destinationPoint, distanceKm } from './geo-circle';

const lyon = { lat: 45.764, lng: 4.8357 };

describe('search circle geometry', () => {
  it('measures known distances', () => {
    const paris = { lat: 48.8566, lng: 2.3522 };
    expect(distanceKm(lyon, paris)).toBeGreaterThan(390);
    expect(distanceKm(lyon, paris)).toBeLessThan(395);
    expect(distanceKm(lyon, lyon)).toBe(0);
  });

  it('puts every vertex at the radius from the centre', () => {
    for (const radius of [1, 10, 50, 200]) {
      const polygon = circlePolygon(lyon, radius, 64);
      const ring = polygon.geometry.coordinates[0]!;
      expect(ring).toHaveLength(65);
      expect(ring[0]).toEqual(ring[64]);
      for (const [lng, lat] of ring) {
        expect(Math.abs(distanceKm(lyon, { lat, lng }) - radius)).toBeLessThan(radius * 1e-6 + 1e-6);
      }
    }
  });

  it('starts north and goes clockwise', () => {
    const ring = circlePolygon(lyon, 10, 4).geometry.coordinates[0]!;
    expect(ring[0]![1]).toBeGreaterThan(lyon.lat);
    expect(ring[1]![0]).toBeGreaterThan(lyon.lng);
    expect(ring[2]![1]).toBeLessThan(lyon.lat);
    expect(ring[3]![0]).toBeLessThan(lyon.lng);
  });

  it('is wider in degrees of longitude than of latitude away from the equator', () => {
    const [[west, south], [east, north]] = circleBounds(lyon, 20);
    expect(east - west).toBeGreaterThan(north - south);
    expect(distanceKm(lyon, { lat: north, lng: lyon.lng })).toBeCloseTo(20, 6);
    expect(distanceKm(lyon, { lat: lyon.lat, lng: east })).toBeCloseTo(20, 1);
  });

  it('wraps longitudes across the antimeridian', () => {
    const point = destinationPoint({ lat: 0, lng: 179.99 }, 10, 90);
    expect(point.lng).toBeLessThan(-179);
  });
});
