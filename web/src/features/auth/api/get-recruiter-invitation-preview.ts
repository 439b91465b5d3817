// GET /api/api/recruiter-invitations/{token}: who a school's invitation link
// for a recruiter is for (names, email) and from which school, before the
// account is created. 400 `invalid_token` when the link is unknown, answered,
// withdrawn or expired; the call is public and rate limited per address (429).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type RecruiterInvitationPreview = Schemas['RecruiterInvitationPreview'];

export function getRecruiterInvitationPreview(token: string, signal?: AbortSignal): Promise<RecruiterInvitationPreview> {
  return api.get<RecruiterInvitationPreview>(`/api/recruiter-invitations/${encodeURIComponent(token)}`, {
    signal,
    silent: true,
    anonymousAllowed: true,
  });
}

export function getRecruiterInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['recruiter-invitation-preview', token] as const,
    queryFn: ({ signal }) => getRecruiterInvitationPreview(token, signal),
    // the link's state changes only by using it: no refetch on focus
    staleTime: Infinity,
    retry: false,
  });
}

/** The preview of `token`; nothing is asked without a token. */
export function useRecruiterInvitationPreview(token: string | null) {
  return useQuery({ ...getRecruiterInvitationPreviewQueryOptions(token ?? ''), enabled: token !== null && token !== '' });
}
