// GET /api/api/candidates/contact-requests: the contact requests the candidate
// received, newest first (200 at most). A pending one waits for their answer
// until `expires_at`; an accepted one carries the recruiter's email. One about
// an offer says how the candidate fits it (score and explanation).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/api/schemas';
import { contactKeys } from './query-keys';

/** A request as the candidate reads it, with their fit to the offer it is about. */
export type ReceivedContactRequest = Schemas['ReceivedContactRequest'];

export function getReceivedContactRequests(signal?: AbortSignal): Promise<Schemas['ReceivedContactRequests']> {
  return api.get<Schemas['ReceivedContactRequests']>('/api/candidates/contact-requests', { signal });
}

export function getReceivedContactRequestsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.receivedRequests(), queryFn: ({ signal }) => getReceivedContactRequests(signal) });
}

export function useReceivedContactRequests() {
  return useQuery(getReceivedContactRequestsQueryOptions());
}
