// GET /api/api/partner/school-links: the schools that asked to be linked to
// the partner and wait for an answer. A school's partners reach its students
// who keep their profile for their school's partner recruiters only.
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type SchoolLinkRequest = Schemas['SchoolLinkRequest'];
export type SchoolLinkRequestList = Schemas['SchoolLinkRequestList'];

export const schoolLinkKeys = {
  requests: ['partner', 'school-links'] as const,
};

export function getSchoolLinkRequests(signal?: AbortSignal): Promise<SchoolLinkRequestList> {
  return api.get<SchoolLinkRequestList>('/api/partner/school-links', { signal });
}

export function useSchoolLinkRequests() {
  return useQuery({ queryKey: schoolLinkKeys.requests, queryFn: ({ signal }) => getSchoolLinkRequests(signal) });
}
