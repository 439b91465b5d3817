// GET /api/api/contact-requests: the partner's contact requests, newest first
// (200 at most), each with where it stands. The candidate's name is null once
// they can no longer be found by the partner (unless they accepted), and their
// email is there once they accepted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

export type ContactRequest = Schemas['ContactRequestView'];
export type ContactRequestState = Schemas['ContactRequestState'];
export type ContactRequestList = Schemas['ContactRequestList'];

export function getSentContactRequests(signal?: AbortSignal): Promise<ContactRequestList> {
  return api.get<ContactRequestList>('/api/contact-requests', { signal });
}

export function getSentContactRequestsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.sentRequests(), queryFn: ({ signal }) => getSentContactRequests(signal) });
}

export function useSentContactRequests() {
  return useQuery(getSentContactRequestsQueryOptions());
}
