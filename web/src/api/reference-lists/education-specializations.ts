// The fields of study an education can be in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type EducationSpecialization = ReferenceItem;

export function getEducationSpecializations(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<EducationSpecialization[]> {
  return fetchReferenceList<EducationSpecialization>('/api/candidate/education/specializations', options, signal);
}

export function getEducationSpecializationsQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('education-specializations', options),
    queryFn: ({ signal }) => getEducationSpecializations(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useEducationSpecializations(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getEducationSpecializationsQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
