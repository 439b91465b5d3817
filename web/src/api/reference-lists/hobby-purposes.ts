// Why a hobby is practised (competition, leisure...).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type HobbyPurpose = ReferenceItem;

export function getHobbyPurposes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<HobbyPurpose[]> {
  return fetchReferenceList<HobbyPurpose>('/api/candidate/hobby/purposes', options, signal);
}

export function getHobbyPurposesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('hobby-purposes', options),
    queryFn: ({ signal }) => getHobbyPurposes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useHobbyPurposes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getHobbyPurposesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
