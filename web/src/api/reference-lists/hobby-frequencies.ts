// How often a hobby is practised.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type HobbyFrequency = ReferenceItem;

export function getHobbyFrequencies(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<HobbyFrequency[]> {
  return fetchReferenceList<HobbyFrequency>('/api/candidate/hobby/frequencies', options, signal);
}

export function getHobbyFrequenciesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('hobby-frequencies', options),
    queryFn: ({ signal }) => getHobbyFrequencies(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useHobbyFrequencies(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getHobbyFrequenciesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
