// POST /api/api/sourcing/searchs/{id}/save-candidate/{candidateId} and
// /unsave-candidate/{candidateId} (204). Every sourcing query is invalidated:
// the `saved` flags of the hits and the counts of the saved searches change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';

export type CandidateInSearch = { searchId: number; candidateId: number };

export function saveCandidate({ searchId, candidateId }: CandidateInSearch): Promise<void> {
  return api.post<void>(`/api/sourcing/searchs/${searchId}/save-candidate/${candidateId}`);
}

export function unsaveCandidate({ searchId, candidateId }: CandidateInSearch): Promise<void> {
  return api.post<void>(`/api/sourcing/searchs/${searchId}/unsave-candidate/${candidateId}`);
}

export function useSaveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCandidate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcingKeys.all }),
  });
}

export function useUnsaveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsaveCandidate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcingKeys.all }),
  });
}
