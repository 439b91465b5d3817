// POST /api/api/job/offers: creates an offer for the partner's company, as a
// draft or published at once (`publish`) (201 {id}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { offerKeys } from './get-offers';
import type { OfferCreateRequest } from './offer-types';

export function createOffer(request: OfferCreateRequest): Promise<Schemas['OfferCreateResponse']> {
  return api.post<Schemas['OfferCreateResponse']>('/api/job/offers', request);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
