// The study tracks a school program can belong to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type SchoolParcoursItem = ReferenceItem;

export function getSchoolParcours(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<SchoolParcoursItem[]> {
  return fetchReferenceList<SchoolParcoursItem>('/api/school/parcours', options, signal);
}

export function getSchoolParcoursQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('school-parcours', options),
    queryFn: ({ signal }) => getSchoolParcours(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useSchoolParcours(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getSchoolParcoursQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
