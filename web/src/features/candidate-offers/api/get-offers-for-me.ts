// GET /api/api/offers/for-me: the live offers the candidate fits, best fit
// first, each with its score and explanation; `looking: false` when the
// candidate does not look for a job (nothing is matched then).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OffersForMe } from './offer-types';
import { candidateOfferKeys } from './query-keys';

export function getOffersForMe(signal?: AbortSignal): Promise<OffersForMe> {
  return api.get<OffersForMe>('/api/offers/for-me', { signal });
}

export function getOffersForMeQueryOptions() {
  return queryOptions({ queryKey: candidateOfferKeys.forMe(), queryFn: ({ signal }) => getOffersForMe(signal) });
}

export function useOffersForMe() {
  return useQuery(getOffersForMeQueryOptions());
}
