// The jobs (trades) a candidate can look for.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type Job = ReferenceItem & { job_category?: number };

export function getJobs(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<Job[]> {
  return fetchReferenceList<Job>('/api/jobs', options, signal);
}

export function getJobsQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('jobs', options),
    queryFn: ({ signal }) => getJobs(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useJobs(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getJobsQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
