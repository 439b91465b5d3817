// POST /api/api/job/offers/{id}/publication and …/closure: a draft or a closed
// offer goes live (optionally with a new closing date), a live one is closed.
// Both answer the offer as it now stands and are idempotent; the partner's
// offers are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { offerKeys } from './get-offers';
import type { Offer } from './offer-types';

export type OfferPublicationChange = 'publication' | 'closure';

export function changeOfferPublication(id: number, change: OfferPublicationChange): Promise<Offer> {
  const body: Schemas['OfferPublication'] | undefined = change === 'publication' ? {} : undefined;
  return api.post<Offer>(`/api/job/offers/${id}/${change}`, body);
}

export function useChangeOfferPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: OfferPublicationChange }) => changeOfferPublication(id, change),
    onSuccess: (offer) => {
      queryClient.setQueryData(offerKeys.detail(offer.id), offer);
      return queryClient.invalidateQueries({ queryKey: offerKeys.all });
    },
  });
}
