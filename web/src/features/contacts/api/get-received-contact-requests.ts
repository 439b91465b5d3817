// GET /api/api/candidates/contact-requests: the contact requests the candidate
// received, newest first (200 at most). A pending one waits for their answer
// until `expires_at`; an accepted one carries the recruiter's email.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactRequestList } from './get-sent-contact-requests';
import { contactKeys } from './query-keys';

export function getReceivedContactRequests(signal?: AbortSignal): Promise<ContactRequestList> {
  return api.get<ContactRequestList>('/api/candidates/contact-requests', { signal });
}

export function getReceivedContactRequestsQueryOptions() {
  return queryOptions({ queryKey: contactKeys.receivedRequests(), queryFn: ({ signal }) => getReceivedContactRequests(signal) });
}

export function useReceivedContactRequests() {
  return useQuery(getReceivedContactRequestsQueryOptions());
}
