// GET /api/api/partner/colleague-requests: the partners who signed up naming
// the caller's company and wait for approval; POST …/{id}/acceptance lets one
// in (an approved partner vouches for a colleague, as an operator would).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type ColleagueRequest = Schemas['ColleagueRequest'];
export type ColleagueRequestList = Schemas['ColleagueRequestList'];

export const colleagueRequestsKey = ['partner', 'colleague-requests'] as const;

export function getColleagueRequests(signal?: AbortSignal): Promise<ColleagueRequestList> {
  return api.get<ColleagueRequestList>('/api/partner/colleague-requests', { signal });
}

export function getColleagueRequestsQueryOptions() {
  return queryOptions({ queryKey: colleagueRequestsKey, queryFn: ({ signal }) => getColleagueRequests(signal) });
}

/** `enabled`: false while the caller's own account is not approved (the server would refuse). */
export function useColleagueRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getColleagueRequestsQueryOptions(), enabled });
}

/** Silent: the card says what went wrong beside the colleague. */
export function acceptColleague(id: number): Promise<void> {
  return api.post<void>(`/api/partner/colleague-requests/${id}/acceptance`, undefined, { silent: true });
}

export function useAcceptColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptColleague,
    onSettled: () => queryClient.invalidateQueries({ queryKey: colleagueRequestsKey }),
  });
}
