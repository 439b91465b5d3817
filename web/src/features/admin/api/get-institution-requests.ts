// GET /api/api/admin/institution-requests: the institutions schools asked to
// add and nobody has handled yet, the oldest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InstitutionRequestList } from './admin-types';
import { adminKeys } from './query-keys';

export function getInstitutionRequests(signal?: AbortSignal): Promise<InstitutionRequestList> {
  return api.get<InstitutionRequestList>('/api/admin/institution-requests', { signal });
}

export function getInstitutionRequestsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.institutionRequests(), queryFn: ({ signal }) => getInstitutionRequests(signal) });
}

export function useInstitutionRequests() {
  return useQuery(getInstitutionRequestsQueryOptions());
}
