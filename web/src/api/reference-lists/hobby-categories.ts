// The hobby categories, each with its question, its icon and its hobbies and specialities.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type HobbyCategory = ReferenceItem & {
  question?: string | null;
  icon?: string | null;
  hobbies?: (ReferenceItem & { icon?: string | null; specialities?: (ReferenceItem & { icon?: string | null })[] })[];
};

export function getHobbyCategories(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<HobbyCategory[]> {
  return fetchReferenceList<HobbyCategory>('/api/candidate/hobby/categories', options, signal);
}

export function getHobbyCategoriesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('hobby-categories', options),
    queryFn: ({ signal }) => getHobbyCategories(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useHobbyCategories(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getHobbyCategoriesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
