// The search circle drawn on the map: a polygon approximating the circle of
// `radius` km around the centre on the sphere (a flat-degree circle would be an
// ellipse away from the equator), and the box that fits it.

/** Mean Earth radius (IUGG), the same the server's distances use. */
export const earthRadiusKm = 6371.0088;

export type LngLat = { lat: number; lng: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in km (haversine). */
export function distanceKm(from: LngLat, to: LngLat): number {
  const deltaLat = toRadians(to.lat - from.lat);
  const deltaLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(deltaLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(deltaLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `distance` km from `origin` going `bearing` degrees clockwise from north. */
export function destinationPoint(origin: LngLat, distance: number, bearing: number): LngLat {
  const angular = distance / earthRadiusKm;
  const heading = toRadians(bearing);
  const lat1 = toRadians(origin.lat);
  const lng1 = toRadians(origin.lng);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(heading),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(heading) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  // Keep longitudes in [-180, 180).
  const lng = ((toDegrees(lng2) + 540) % 360) - 180;
  return { lat: toDegrees(lat2), lng };
}

export type CirclePolygon = {
  type: 'Feature';
  properties: { radius_km: number };
  geometry: { type: 'Polygon'; coordinates: [number, number][][] };
};

/** A closed ring of `steps` points at `radiusKm` from `center`. */
export function circlePolygon(center: LngLat, radiusKm: number, steps = 96): CirclePolygon {
  const ring: [number, number][] = [];
  for (let step = 0; step < steps; step += 1) {
    const point = destinationPoint(center, radiusKm, (360 * step) / steps);
    ring.push([point.lng, point.lat]);
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return { type: 'Feature', properties: { radius_km: radiusKm }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** `[[west, south], [east, north]]` around the circle, for fitting the map. */
export function circleBounds(center: LngLat, radiusKm: number): [[number, number], [number, number]] {
  const north = destinationPoint(center, radiusKm, 0).lat;
  const south = destinationPoint(center, radiusKm, 180).lat;
  const east = destinationPoint(center, radiusKm, 90).lng;
  const west = destinationPoint(center, radiusKm, 270).lng;
  return [
    [west, south],
    [east, north],
  ];
}
