// GET /api/api/candidates/applications: the candidate's applications, newest
// first, each with its offer and step.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Application } from './offer-types';
import { candidateOfferKeys } from './query-keys';

export function getMyApplications(signal?: AbortSignal): Promise<{ applications: Application[] }> {
  return api.get<{ applications: Application[] }>('/api/candidates/applications', { signal });
}

export function getMyApplicationsQueryOptions() {
  return queryOptions({
    queryKey: candidateOfferKeys.applications(),
    queryFn: ({ signal }) => getMyApplications(signal),
    select: (list) => list.applications,
  });
}

export function useMyApplications() {
  return useQuery(getMyApplicationsQueryOptions());
}
