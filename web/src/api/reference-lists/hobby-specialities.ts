// Every hobby speciality, as a flat list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type HobbySpeciality = ReferenceItem & { hobby?: number; icon?: string | null };

export function getHobbySpecialities(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<HobbySpeciality[]> {
  return fetchReferenceList<HobbySpeciality>('/api/candidate/hobby/specialities', options, signal);
}

export function getHobbySpecialitiesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('hobby-specialities', options),
    queryFn: ({ signal }) => getHobbySpecialities(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useHobbySpecialities(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getHobbySpecialitiesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
