// POST /api/api/school/recruiter-invitations: invites a recruiter by email
// (204). The answer is the same whatever the address, so that it tells
// nothing about who uses Vivier: an address without an account gets a link
// to create one, already linked to the school; a recruiter with an account
// gets a link request. Silent: the form says what went wrong (a 422 beside
// its field, a 429 once the school sent 20 in the hour). The open
// invitations and the partners (one may now be asked) are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolRecruiterKeys } from './query-keys';
import type { RecruiterInvitationRequest } from './recruiter-invitation-types';

export function sendRecruiterInvitation(request: RecruiterInvitationRequest): Promise<void> {
  return api.post<void>('/api/school/recruiter-invitations', request, { silent: true });
}

export function useSendRecruiterInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecruiterInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolRecruiterKeys.all }),
  });
}
