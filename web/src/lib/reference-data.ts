// Interim reference-list hooks for the partner screens (job categories,
// contract types, degrees, languages, soft-skill families), until the shared
// reference-list hooks land; the names match so the swap is an import change.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

export type ReferenceItem = { id: number; name: string; code?: string };
export type JobCategory = ReferenceItem;
export type ContractType = ReferenceItem;
export type CandidateDegree = ReferenceItem & { level?: number | string | null };
export type Language = ReferenceItem & { flag?: string | null };
export type SoftskillCategory = ReferenceItem & { icon?: string | null; description?: string | null };
export type Job = ReferenceItem & { job_category?: number };

function useReferenceList<T>(name: string, path: string) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: ['reference-lists', name, locale, 'one'],
    queryFn: ({ signal }) => api.get<T[]>(path, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export const useJobCategories = () => useReferenceList<JobCategory>('job-categories', '/api/job/categories');
export const useContractTypes = () => useReferenceList<ContractType>('contract-types', '/api/contract/types');
export const useCandidateDegrees = () => useReferenceList<CandidateDegree>('candidate-degrees', '/api/candidate/degrees');
export const useLanguages = () => useReferenceList<Language>('languages', '/api/languages');
export const useSoftskillCategories = () =>
  useReferenceList<SoftskillCategory>('softskill-categories', '/api/softskill/categories');
export const useJobs = () => useReferenceList<Job>('jobs', '/api/jobs');
