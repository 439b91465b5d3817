// POST /api/api/candidates/contact-requests/{id}/acceptance and …/refusal: the
// candidate's answer to a contact request (200 with the request as it now
// stands: once accepted, with the recruiter's email, and the conversation
// opens). 409 `contact_request_closed` when it was answered or expired
// meanwhile. Silent: the card says what happened; every contacts list is asked
// again either way, as a thread may have opened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactRequest } from './get-sent-contact-requests';
import { contactKeys } from './query-keys';

export type ContactAnswer = 'acceptance' | 'refusal';

export function answerContactRequest(id: number, answer: ContactAnswer): Promise<ContactRequest> {
  return api.post<ContactRequest>(`/api/candidates/contact-requests/${id}/${answer}`, undefined, { silent: true });
}

export function useAnswerContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: ContactAnswer }) => answerContactRequest(id, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
