// The languages a candidate can speak, with their code and flag.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type Language = ReferenceItem & { code?: string; flag?: string | null };

export function getLanguages(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<Language[]> {
  return fetchReferenceList<Language>('/api/languages', options, signal);
}

export function getLanguagesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('languages', options),
    queryFn: ({ signal }) => getLanguages(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useLanguages(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getLanguagesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
