// GET /api/api/school-invitations/{token}: who the invitation link of a school
// is for (names, email) and from which school and campus, before the account
// is created. 400 `invalid_token` when the link is unknown, answered or
// expired; the call is public and rate limited per address (429).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type InvitationPreview = Schemas['InvitationPreview'];

export function getInvitationPreview(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(`/api/school-invitations/${encodeURIComponent(token)}`, {
    signal,
    silent: true,
    anonymousAllowed: true,
  });
}

export function getInvitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['school-invitation-preview', token] as const,
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    // the link's state changes only by using it: no refetch on focus
    staleTime: Infinity,
    retry: false,
  });
}

/** The preview of `token`; nothing is asked without a token. */
export function useInvitationPreview(token: string | null) {
  return useQuery({ ...getInvitationPreviewQueryOptions(token ?? ''), enabled: token !== null && token !== '' });
}
