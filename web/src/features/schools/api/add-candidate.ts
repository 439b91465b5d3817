// POST /api/api/school/campuses/{id}/candidates: adds one person to a campus
// (a new account is invited; an existing candidate needs `force`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';
import type { CampusCandidateAdded, CampusCandidateRequest } from './school-types';

export function addCandidate(campusId: number, request: CampusCandidateRequest): Promise<CampusCandidateAdded> {
  return api.post<CampusCandidateAdded>(`/api/school/campuses/${campusId}/candidates`, request, { silent: true });
}

export function useAddCandidate(campusId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CampusCandidateRequest) => addCandidate(campusId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
}
