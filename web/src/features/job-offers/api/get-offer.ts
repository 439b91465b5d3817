// GET /api/api/job/offers/{id}: one offer with everything a search needs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from './get-offers';
import type { Offer } from './offer-types';

export function getOffer(id: number, signal?: AbortSignal): Promise<Offer> {
  return api.get<Offer>(`/api/job/offers/${id}`, { signal });
}

export function getOfferQueryOptions(id: number) {
  return queryOptions({ queryKey: offerKeys.detail(id), queryFn: ({ signal }) => getOffer(id, signal) });
}

export function useOffer(id: number | null) {
  return useQuery({ ...getOfferQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
