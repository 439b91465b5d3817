// POST /api/api/candidates/{id}: the candidate changes a part of their profile,
// named by `from` ("profile": who they are; "job_search": what they look for).
// POST /api/api/candidates/{id}/languages: the languages they speak, each with
// a level from 1 to 6. After either, the profile (and its completion) is
// loaded again for every page showing it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CandidatePlace, candidateKeys } from '@/api/candidates/get-candidate';
import { api } from '@/lib/api-client';
import { reloadSessionCandidate } from '@/lib/session';
import { useCandidateId } from '../hooks/use-candidate-id';

export type ProfileUpdate = {
  from: 'profile';
  firstname: string;
  lastname: string;
  phone: string;
  birthdate: string;
  localization: CandidatePlace | null;
  headline: string;
  /** Left out: unchanged; null: removed. */
  profile_picture?: string | null;
};

export type JobSearchUpdate = {
  from: 'job_search';
  job_categories: number[];
  job_localizations: CandidatePlace[];
  contract_types: number[];
  contract_hourly_schemes: number[];
  company_types: number[];
  /** Months; 0 for any length. */
  contract_min_duration: number;
  /** `YYYY-MM-DD`, or null when available now. */
  availability: string | null;
  in_research: boolean;
  degree: number | null;
  type: number | null;
};

export type LanguagesUpdate = { languages: { id: number; level: number }[] };

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
