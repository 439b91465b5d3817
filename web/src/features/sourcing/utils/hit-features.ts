// Hits as GeoJSON points for the map: one point per hit at the centre of the
// commune of its matching localization (the server never sends an exact
// address). Country-wide matches have no commune and stay off the map.
import type { SearchHit } from '../api/search-types';

export type HitFeatureProperties = {
  candidate_id: number;
  /** 1-based rank in the current list. */
  rank: number;
  score: number;
  commune: string;
};

export type HitFeature = {
  type: 'Feature';
  id: number;
  properties: HitFeatureProperties;
  geometry: { type: 'Point'; coordinates: [number, number] };
};

export type HitFeatureCollection = { type: 'FeatureCollection'; features: HitFeature[] };

export function hitsToFeatureCollection(hits: readonly SearchHit[], firstRank = 1): HitFeatureCollection {
  const features: HitFeature[] = [];
  hits.forEach((hit, index) => {
    const commune = hit.candidate.commune;
    if (!commune || !Number.isFinite(commune.lat) || !Number.isFinite(commune.lng)) return;
    features.push({
      type: 'Feature',
      id: hit.candidate.id,
      properties: {
        candidate_id: hit.candidate.id,
        rank: firstRank + index,
        score: Math.round(hit.score ?? 0),
        commune: commune.name,
      },
      geometry: { type: 'Point', coordinates: [commune.lng, commune.lat] },
    });
  });
  return { type: 'FeatureCollection', features };
}

export const emptyFeatureCollection: HitFeatureCollection = { type: 'FeatureCollection', features: [] };

/** The single hit to draw highlighted, or nothing. */
export function highlightedFeatures(collection: HitFeatureCollection, candidateId: number | null): HitFeatureCollection {
  if (candidateId === null) return emptyFeatureCollection;
  return {
    type: 'FeatureCollection',
    features: collection.features.filter((feature) => feature.properties.candidate_id === candidateId),
  };
}
