// GET /api/api/partners?company=…: for a school, the approved partners whose
// company name contains the text (case aside), at most 50, those linked to the
// school first, then those it asked and who have not answered yet. The list
// searched last stays on screen while the next one loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { schoolRecruiterKeys } from './query-keys';

export type SchoolPartner = Schemas['PartnerView'];

/** The most partners one answer holds (the server's cap). */
export const partnersShownAtMost = 50;

export function getPartners(company: string, signal?: AbortSignal): Promise<SchoolPartner[]> {
  return api.get<SchoolPartner[]>('/api/partners', { query: { company: company || undefined }, signal });
}

export function getPartnersQueryOptions(company: string) {
  return queryOptions({
    queryKey: schoolRecruiterKeys.partners(company),
    queryFn: ({ signal }) => getPartners(company, signal),
    placeholderData: keepPreviousData,
  });
}

/** The partners whose company contains `company` (already trimmed; empty for all). */
export function usePartners(company: string) {
  return useQuery(getPartnersQueryOptions(company));
}
