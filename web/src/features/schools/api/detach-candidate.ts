// DELETE /api/api/school/campuses/candidates/{id}: the candidate leaves the
// school; their account and profile stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';

export function detachCandidate(candidateId: number): Promise<void> {
  return api.delete<void>(`/api/school/campuses/candidates/${candidateId}`);
}

export function useDetachCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: detachCandidate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
}
