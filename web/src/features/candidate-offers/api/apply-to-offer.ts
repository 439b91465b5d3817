// POST /api/api/offers/{id}/applications: the candidate applies, with an
// optional note (at most 2,000 characters), which shares their full profile
// with the offer's partner (201, the application). 409 `already_applied` or
// `offer_not_live`: the API client says so; the offer and the applications are
// asked again either way.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import type { Application } from './offer-types';
import { candidateOfferKeys } from './query-keys';

/** The server's limit on a note. */
export const noteMaxLength = 2000;

export function applyToOffer(offerId: number, note: string): Promise<Application> {
  const body: Schemas['ApplicationCreate'] = note.trim() === '' ? {} : { note: note.trim() };
  return api.post<Application>(`/api/offers/${offerId}/applications`, body);
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, note }: { offerId: number; note: string }) => applyToOffer(offerId, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateOfferKeys.all }),
  });
}
