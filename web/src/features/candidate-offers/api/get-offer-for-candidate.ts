// GET /api/api/offers/{id}: one offer as the candidate reads it, how they fit
// it, and their application to it if any. Silent: the page says itself that
// an offer is missing or closed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OfferForCandidate } from './offer-types';
import { candidateOfferKeys } from './query-keys';

export function getOfferForCandidate(id: number, signal?: AbortSignal): Promise<OfferForCandidate> {
  return api.get<OfferForCandidate>(`/api/offers/${id}`, { signal, silent: true });
}

export function getOfferForCandidateQueryOptions(id: number) {
  return queryOptions({ queryKey: candidateOfferKeys.detail(id), queryFn: ({ signal }) => getOfferForCandidate(id, signal) });
}

export function useOfferForCandidate(id: number) {
  return useQuery(getOfferForCandidateQueryOptions(id));
}
