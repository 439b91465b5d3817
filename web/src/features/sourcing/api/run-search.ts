// POST /api/api/sourcing/searchs?save=false: runs a search without storing it.
// Read as a query keyed by the request, so the same criteria are not asked
// twice and the previous page stays on screen while the next one loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';
import type { SearchCreateRequest, SearchResponse, SourcingSearchRequest } from './search-types';

export function runSearch(request: SourcingSearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return api.post<SearchResponse>('/api/sourcing/searchs', request satisfies SearchCreateRequest, { query: { save: false }, signal, readOnly: true });
}

export function getRunSearchQueryOptions(request: SourcingSearchRequest) {
  return queryOptions({
    queryKey: sourcingKeys.adHocSearch(request),
    queryFn: ({ signal }) => runSearch(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The results of `request`, or nothing while the form is not valid (`null`). */
export function useRunSearch(request: SourcingSearchRequest | null) {
  return useQuery({
    ...getRunSearchQueryOptions(request ?? ({} as SourcingSearchRequest)),
    enabled: request !== null,
  });
}
