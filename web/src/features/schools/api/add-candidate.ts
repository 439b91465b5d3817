// POST /api/api/school/campuses/{id}/candidates: invites one person to a
// campus. The answer says `invited` for every address that is not already one
// of the school's students (the server does not tell whether it has an
// account), or `already_your_student` when the candidate already is the
// school's and their campus, program and parcours were updated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';
import type { CampusCandidateOutcome, CampusCandidateRequest } from './school-types';

export function addCandidate(campusId: number, request: CampusCandidateRequest): Promise<CampusCandidateOutcome> {
  return api.post<CampusCandidateOutcome>(`/api/school/campuses/${campusId}/candidates`, request, { silent: true });
}

export function useAddCandidate(campusId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CampusCandidateRequest) => addCandidate(campusId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
}
