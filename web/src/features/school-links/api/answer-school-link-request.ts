// The partner's answer to a school's link request:
// POST /api/api/partner/school-links/{id}/acceptance links them (204),
// DELETE /api/api/partner/school-links/{id} refuses the request (204), `id`
// being the school's. Either way the list is asked again, also after a 404
// (the request was answered elsewhere or withdrawn).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolLinkKeys } from './get-school-link-requests';

export type SchoolLinkAnswer = 'accept' | 'refuse';

export function answerSchoolLinkRequest({ schoolId, answer }: { schoolId: number; answer: SchoolLinkAnswer }): Promise<void> {
  return answer === 'accept'
    ? api.post<void>(`/api/partner/school-links/${schoolId}/acceptance`)
    : api.delete<void>(`/api/partner/school-links/${schoolId}`);
}

export function useAnswerSchoolLinkRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSchoolLinkRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolLinkKeys.requests }),
  });
}
