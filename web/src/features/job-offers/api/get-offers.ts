// GET /api/api/job/offers: the partner's job offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OfferSummary } from './offer-types';

export const offerKeys = {
  all: ['job-offers'] as const,
  list: () => ['job-offers', 'list'] as const,
  detail: (id: number) => ['job-offers', 'detail', id] as const,
  applicants: (id: number) => ['job-offers', 'detail', id, 'applicants'] as const,
};

export function getOffers(signal?: AbortSignal): Promise<OfferSummary[]> {
  return api.get<OfferSummary[]>('/api/job/offers', { signal });
}

export function getOffersQueryOptions() {
  return queryOptions({ queryKey: offerKeys.list(), queryFn: ({ signal }) => getOffers(signal) });
}

export function useOffers() {
  return useQuery(getOffersQueryOptions());
}
