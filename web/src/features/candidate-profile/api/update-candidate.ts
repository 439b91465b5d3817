// POST /api/api/candidates/{id}: the candidate changes a part of their profile,
// named by `from` ("profile": who they are; "job_search": what they look for).
// POST /api/api/candidates/{id}/languages: the languages they speak, each with
// a level from 1 to 6. After either, the profile (and its completion) is
// loaded again for every page showing it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { candidateKeys } from '@/api/candidates/get-candidate';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { reloadSessionCandidate } from '@/lib/session';
import { useCandidateId } from '../hooks/use-candidate-id';

type UpdateRequest = Schemas['ProfileUpdateRequest'];

/** The "profil" screen's fields; `profile_picture` left out: unchanged, null: removed. */
export type ProfileUpdate = UpdateRequest & { from: 'profile' };

/** The "ma-recherche" screen's fields. */
export type JobSearchUpdate = UpdateRequest & { from: 'job_search' };

export type LanguagesUpdate = Schemas['LanguagesUpdateRequest'];

function useProfileRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    return reloadSessionCandidate();
  };
}

export function useUpdateCandidate() {
  const candidateId = useCandidateId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (body: ProfileUpdate | JobSearchUpdate) => api.post<unknown>(`/api/candidates/${candidateId}`, body),
    onSettled: refresh,
  });
}

export function useUpdateLanguages() {
  const candidateId = useCandidateId();
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (body: LanguagesUpdate) => api.post<unknown>(`/api/candidates/${candidateId}/languages`, body),
    onSettled: refresh,
  });
}
