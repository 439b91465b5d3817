// GET /api/api/offers: the live offers around a place (nearest first; newest
// first without a place), filtered by category and contract, each marked with
// whether and how the candidate fits it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BrowsedOffers } from './offer-types';
import { type BrowseFilters, candidateOfferKeys } from './query-keys';

/** The most offers one page shows (the server's maximum). */
export const browsePageSize = 100;

export function browseQueryString(filters: BrowseFilters): string {
  const query = new URLSearchParams({ limit: String(browsePageSize) });
  if (filters.lat !== null && filters.lng !== null) {
    query.set('lat', String(filters.lat));
    query.set('lng', String(filters.lng));
    query.set('radius', String(filters.radius));
  }
  if (filters.jobCategory !== null) query.set('job_category', String(filters.jobCategory));
  if (filters.contractType !== null) query.set('contract_type', String(filters.contractType));
  return query.toString();
}

export function browseOffers(filters: BrowseFilters, signal?: AbortSignal): Promise<BrowsedOffers> {
  return api.get<BrowsedOffers>(`/api/offers?${browseQueryString(filters)}`, { signal });
}

export function browseOffersQueryOptions(filters: BrowseFilters) {
  return queryOptions({
    queryKey: candidateOfferKeys.browse(filters),
    queryFn: ({ signal }) => browseOffers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBrowseOffers(filters: BrowseFilters) {
  return useQuery(browseOffersQueryOptions(filters));
}
