// Hits become map points at their commune, ranked as in the list.
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../api/search-types';
import { highlightedFeatures, hitsToFeatureCollection } from './hit-features';

function hit(id: number, commune: SearchHit['candidate']['commune'], score: number | null = 80): SearchHit {
  return {
    candidate: {
      id,
      firstname: 'Léa',
      lastname: 'Durand',
      name_hidden: false,
      headline: null,
      commune,
      degree: null,
      languages: [],
      softskills_categories: [],
      availability: null,
      contracts: [],
      slug: null,
    },
    score,
    breakdown: null,
    saved: false,
    new: false,
  };
}

const villeurbanne = { name: 'Villeurbanne', department: '69', lat: 45.77, lng: 4.88 };

describe('hits as GeoJSON', () => {
  it('places each hit at its commune centre, longitude first', () => {
    const collection = hitsToFeatureCollection([hit(1234, villeurbanne, 83.4)], 21);
    expect(collection).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 1234,
          properties: { candidate_id: 1234, rank: 21, score: 83, commune: 'Villeurbanne' },
          geometry: { type: 'Point', coordinates: [4.88, 45.77] },
        },
      ],
    });
  });

  it('leaves country-wide matches off the map but keeps the ranks of the others', () => {
    const collection = hitsToFeatureCollection([hit(1, null), hit(2, villeurbanne), hit(3, villeurbanne, null)]);
    expect(collection.features.map((feature) => [feature.id, feature.properties.rank, feature.properties.score])).toEqual([
      [2, 2, 80],
      [3, 3, 0],
    ]);
  });

  it('picks the highlighted hit', () => {
    const collection = hitsToFeatureCollection([hit(1, villeurbanne), hit(2, villeurbanne)]);
    expect(highlightedFeatures(collection, 2).features.map((feature) => feature.id)).toEqual([2]);
    expect(highlightedFeatures(collection, null).features).toEqual([]);
  });
});
