// The job categories of searches and experiences.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type JobCategory = ReferenceItem;

export function getJobCategories(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<JobCategory[]> {
  return fetchReferenceList<JobCategory>('/api/job/categories', options, signal);
}

export function getJobCategoriesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('job-categories', options),
    queryFn: ({ signal }) => getJobCategories(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useJobCategories(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getJobCategoriesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
