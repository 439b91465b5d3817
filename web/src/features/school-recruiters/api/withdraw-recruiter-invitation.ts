// DELETE /api/api/school/recruiter-invitations/{id}: withdraws an open
// invitation (204); its link no longer works. A 404 means it was answered or
// withdrawn meanwhile: the list, asked again either way, says where it stands.
// Silent: the panel says a failure itself, and nothing of a 404.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolRecruiterKeys } from './query-keys';

export function withdrawRecruiterInvitation(invitationId: number): Promise<void> {
  return api.delete<void>(`/api/school/recruiter-invitations/${invitationId}`, { silent: true });
}

export function useWithdrawRecruiterInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRecruiterInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolRecruiterKeys.invitations() }),
  });
}
