// The categories of academic projects.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type AcademicProjectCategory = ReferenceItem;

export function getAcademicProjectCategories(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<AcademicProjectCategory[]> {
  return fetchReferenceList<AcademicProjectCategory>('/api/candidate/project/academic/categories', options, signal);
}

export function getAcademicProjectCategoriesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('academic-project-categories', options),
    queryFn: ({ signal }) => getAcademicProjectCategories(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useAcademicProjectCategories(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getAcademicProjectCategoriesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
