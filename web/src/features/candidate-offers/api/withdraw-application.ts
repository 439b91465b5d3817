// POST /api/api/candidates/applications/{id}/withdrawal: the candidate takes an
// application back while it is open (200, the application as it now stands;
// 409 `application_closed` once it ended).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Application } from './offer-types';
import { candidateOfferKeys } from './query-keys';

export function withdrawApplication(id: number): Promise<Application> {
  return api.post<Application>(`/api/candidates/applications/${id}/withdrawal`);
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => withdrawApplication(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateOfferKeys.all }),
  });
}
