// GET /api/api/candidates/blocked-companies: the companies the candidate
// blocked, whose recruiters can neither find nor contact them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

export type BlockedCompany = Schemas['BlockedCompany'];
export type BlockedCompanyList = Schemas['BlockedCompanyList'];

export function getBlockedCompanies(signal?: AbortSignal): Promise<BlockedCompanyList> {
  return api.get<BlockedCompanyList>('/api/candidates/blocked-companies', { signal });
}

export function getBlockedCompaniesQueryOptions() {
  return queryOptions({ queryKey: contactKeys.blockedCompanies(), queryFn: ({ signal }) => getBlockedCompanies(signal) });
}

export function useBlockedCompanies() {
  return useQuery(getBlockedCompaniesQueryOptions());
}
