// The categories of personal projects.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type PersonalProjectCategory = ReferenceItem;

export function getPersonalProjectCategories(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<PersonalProjectCategory[]> {
  return fetchReferenceList<PersonalProjectCategory>('/api/candidate/project/personal/categories', options, signal);
}

export function getPersonalProjectCategoriesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('personal-project-categories', options),
    queryFn: ({ signal }) => getPersonalProjectCategories(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function usePersonalProjectCategories(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getPersonalProjectCategoriesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
