// POST /api/api/sourcing/searchs?save=true: stores the search and answers its
// first page with its id (201). The list of saved searches is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';
import type { SearchCreateRequest, SearchResponse, SourcingSearchRequest } from './search-types';

export function createSavedSearch(request: SourcingSearchRequest): Promise<SearchResponse> {
  return api.post<SearchResponse>('/api/sourcing/searchs', request satisfies SearchCreateRequest, { query: { save: true } });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcingKeys.savedSearches() }),
  });
}
