// POST /api/api/candidates/school-invitations/{id}/acceptance and …/refusal:
// the candidate's answer to an invitation. Accepting joins that school,
// campus and program (leaving any school they were in), so the session is
// refreshed; refusing only closes the invitation. Both answer 409
// `invitation_closed` when it was already answered or expired, and the list is
// asked again then too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolInvitationKeys } from './get-school-invitations';
import { refreshMembership } from './refresh-membership';

export type InvitationAnswer = 'acceptance' | 'refusal';

export function answerSchoolInvitation(id: number, answer: InvitationAnswer): Promise<void> {
  return api.post<void>(`/api/candidates/school-invitations/${id}/${answer}`, undefined, { silent: true });
}

export function useAnswerSchoolInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: InvitationAnswer }) => answerSchoolInvitation(id, answer),
    onSuccess: (_, { answer }) =>
      answer === 'acceptance' ? refreshMembership(queryClient) : queryClient.invalidateQueries({ queryKey: schoolInvitationKeys.all }),
    onError: () => queryClient.invalidateQueries({ queryKey: schoolInvitationKeys.all }),
  });
}
