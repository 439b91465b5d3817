// The kinds of school (university, engineering school...).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type SchoolType = ReferenceItem;

export function getSchoolTypes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<SchoolType[]> {
  return fetchReferenceList<SchoolType>('/api/school/types', options, signal);
}

export function getSchoolTypesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('school-types', options),
    queryFn: ({ signal }) => getSchoolTypes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useSchoolTypes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getSchoolTypesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
