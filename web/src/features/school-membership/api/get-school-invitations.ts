// GET /api/api/candidates/school-invitations: the open invitations of schools
// sent to the candidate's email address, oldest first (whether they were sent
// before or after the account existed).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type SchoolInvitation = Schemas['SchoolInvitationView'];
export type SchoolInvitationList = Schemas['SchoolInvitationList'];

export const schoolInvitationKeys = {
  all: ['school-invitations'] as const,
};

export function getSchoolInvitations(signal?: AbortSignal): Promise<SchoolInvitationList> {
  return api.get<SchoolInvitationList>('/api/candidates/school-invitations', { signal, silent: true });
}

export function getSchoolInvitationsQueryOptions() {
  return queryOptions({ queryKey: schoolInvitationKeys.all, queryFn: ({ signal }) => getSchoolInvitations(signal) });
}

export function useSchoolInvitations() {
  return useQuery(getSchoolInvitationsQueryOptions());
}
