// POST /api/api/contact-requests: a partner asks a candidate they found to get
// in touch, with a message (20 to 2,000 characters) and, if they like, one of
// their offers. Silent: the dialog says what went wrong beside the form (404:
// the candidate is no longer reachable; 409 `contact_request_open` or
// `contact_recently_declined`; 422 field rules; 429 `daily_quota_reached`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import type { ContactRequest } from './get-sent-contact-requests';
import { contactKeys } from './query-keys';

export type ContactRequestCreate = Schemas['ContactRequestCreate'];

export function createContactRequest(request: ContactRequestCreate): Promise<ContactRequest> {
  return api.post<ContactRequest>('/api/contact-requests', request, { silent: true });
}

export function useCreateContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.sentRequests() }),
  });
}
