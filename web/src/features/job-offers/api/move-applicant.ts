// PUT /api/api/job/applications/{id}/status: the partner moves an applicant to
// another step (204); the candidate is emailed. 409 `application_closed` once
// the application ended (hired, declined, withdrawn). The offer's applicants
// and the offers' counts are asked again either way.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { offerKeys } from './get-offers';
import type { ApplicationStatus } from './offer-types';

/** The steps a partner may move an applicant to (`withdrawn` is the candidate's). */
export type ApplicantStep = Exclude<ApplicationStatus, 'withdrawn'>;

export function moveApplicant(applicationId: number, status: ApplicantStep): Promise<void> {
  const body: Schemas['ApplicantMove'] = { status };
  return api.put<void>(`/api/job/applications/${applicationId}/status`, body);
}

export function useMoveApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, status }: { applicationId: number; status: ApplicantStep }) =>
      moveApplicant(applicationId, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
