// The kinds of candidate (student, job seeker...) offered at sign-up and on the profile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type CandidateType = ReferenceItem;

export function getCandidateTypes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<CandidateType[]> {
  return fetchReferenceList<CandidateType>('/api/candidate/types', options, signal);
}

export function getCandidateTypesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('candidate-types', options),
    queryFn: ({ signal }) => getCandidateTypes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useCandidateTypes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getCandidateTypesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
