// GET /api/api/sourcing/searchs: the partner's saved searches, newest first,
// each with its number of saved candidates.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';
import type { SavedSearchSummary } from './search-types';

export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchSummary[]> {
  return api.get<SavedSearchSummary[]>('/api/sourcing/searchs', { signal });
}

export function getSavedSearchesQueryOptions() {
  return queryOptions({
    queryKey: sourcingKeys.savedSearches(),
    queryFn: ({ signal }) => getSavedSearches(signal),
  });
}

export function useSavedSearches() {
  return useQuery(getSavedSearchesQueryOptions());
}
