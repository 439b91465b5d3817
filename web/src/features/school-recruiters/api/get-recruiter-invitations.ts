// GET /api/api/school/recruiter-invitations: the invitations the school sent
// to recruiters by email that nobody answered yet (nor withdrew, nor let
// expire), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolRecruiterKeys } from './query-keys';
import type { RecruiterInvitationList } from './recruiter-invitation-types';

export function getRecruiterInvitations(signal?: AbortSignal): Promise<RecruiterInvitationList> {
  return api.get<RecruiterInvitationList>('/api/school/recruiter-invitations', { signal });
}

export function getRecruiterInvitationsQueryOptions() {
  return queryOptions({
    queryKey: schoolRecruiterKeys.invitations(),
    queryFn: ({ signal }) => getRecruiterInvitations(signal),
  });
}

export function useRecruiterInvitations() {
  return useQuery(getRecruiterInvitationsQueryOptions());
}
