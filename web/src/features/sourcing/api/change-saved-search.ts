// A saved search changes in place: its criteria edited (POST .../searchs/{id},
// answering the first page like a save), renamed or its alerts set (PATCH), or
// deleted (DELETE).
// Each refreshes the list of saved searches and every page of that search.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';
import type { SearchCreateRequest, SearchResponse, SourcingSearchRequest } from './search-types';

function useSavedSearchMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcingKeys.savedSearches() }),
  });
}

export function useEditSavedSearch() {
  return useSavedSearchMutation(({ id, request }: { id: number; request: SourcingSearchRequest }) =>
    api.post<SearchResponse>(`/api/sourcing/searchs/${id}`, request satisfies SearchCreateRequest),
  );
}

export function useRenameSavedSearch() {
  return useSavedSearchMutation(({ id, name }: { id: number; name: string }) =>
    api.patch<void>(`/api/sourcing/searchs/${id}`, { name }),
  );
}

export function useSetAlerts() {
  return useSavedSearchMutation(({ id, alerts }: { id: number; alerts: Schemas['AlertMode'] }) =>
    api.patch<void>(`/api/sourcing/searchs/${id}`, { alerts }),
  );
}

export function useDeleteSavedSearch() {
  return useSavedSearchMutation((id: number) => api.delete<void>(`/api/sourcing/searchs/${id}`));
}
