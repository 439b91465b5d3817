// The soft-skill families, each with its code, icon, description and soft skills.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type SoftskillCategory = ReferenceItem & {
  code?: string;
  icon?: string | null;
  description?: string | null;
  softskills?: { id: number; name: string; description?: string | null }[];
};

export function getSoftskillCategories(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<SoftskillCategory[]> {
  return fetchReferenceList<SoftskillCategory>('/api/softskill/categories', options, signal);
}

export function getSoftskillCategoriesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('softskill-categories', options),
    queryFn: ({ signal }) => getSoftskillCategories(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useSoftskillCategories(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getSoftskillCategoriesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
