// GET /api/api/geo/places: the communes and departments the offline map names
// in a view. The server caches nothing per user and the answer changes only
// with a release, so a view seen once is never asked for again in the session.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MapPlaces, PlacesBox } from '../utils/place-labels';

export function useMapPlaces(box: PlacesBox | null) {
  return useQuery({
    queryKey: ['geo', 'places', box] as const,
    queryFn: ({ signal }) =>
      api.get<MapPlaces>('/api/geo/places', { query: { ...box }, signal, silent: true, anonymousAllowed: true }),
    enabled: box !== null,
    staleTime: Infinity,
    // the names of the previous view stay while the next ones arrive
    placeholderData: keepPreviousData,
  });
}
