// GET /api/api/sourcing/searchs/{id}: a saved search with its live results, or
// with only its saved candidates (`only_saved=true`).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';
import type { SearchResponse, SortOrder } from './search-types';

export type SavedSearchView = { onlySaved: boolean; limit: number; offset: number; sort: SortOrder };

export function getSavedSearch(id: number, view: SavedSearchView, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(`/api/sourcing/searchs/${id}`, {
    query: { only_saved: view.onlySaved, limit: view.limit, offset: view.offset, sort: view.sort },
    signal,
  });
}

export function getSavedSearchQueryOptions(id: number, view: SavedSearchView) {
  return queryOptions({
    queryKey: sourcingKeys.savedSearch(id, view),
    queryFn: ({ signal }) => getSavedSearch(id, view, signal),
    // Another page of the same view stays on screen while loading; another view (tab) does not.
    placeholderData: (previous, previousQuery) => {
      const previousView = previousQuery?.queryKey[3] as SavedSearchView | undefined;
      return previousView?.onlySaved === view.onlySaved ? previous : undefined;
    },
  });
}

export function useSavedSearch(id: number, view: SavedSearchView) {
  return useQuery({ ...getSavedSearchQueryOptions(id, view), enabled: Number.isInteger(id) && id > 0 });
}
