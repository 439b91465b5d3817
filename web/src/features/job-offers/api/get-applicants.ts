// GET /api/api/job/offers/{id}/applications: the candidates who applied to one
// of the partner's offers, each with the match breakdown; and the address of
// the same list as a CSV file (…/applications.csv), for a plain download link.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api, apiBaseUrl } from '@/lib/api-client';
import { offerKeys } from './get-offers';

export function getApplicants(offerId: number, signal?: AbortSignal): Promise<Schemas['ApplicantList']> {
  return api.get<Schemas['ApplicantList']>(`/api/job/offers/${offerId}/applications`, { signal });
}

export function getApplicantsQueryOptions(offerId: number) {
  return queryOptions({
    queryKey: offerKeys.applicants(offerId),
    queryFn: ({ signal }) => getApplicants(offerId, signal),
    select: (list) => list.applicants,
  });
}

export function useApplicants(offerId: number) {
  return useQuery(getApplicantsQueryOptions(offerId));
}

/** Where the browser downloads the applicants of `offerId` as CSV (the session cookie goes with it). */
export function applicantsCsvUrl(offerId: number): string {
  return `${apiBaseUrl}/api/job/offers/${offerId}/applications.csv`;
}
