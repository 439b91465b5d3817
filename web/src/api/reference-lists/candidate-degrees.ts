// The degrees a candidate can hold, with their level (used by educations).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type CandidateDegree = ReferenceItem & { level?: number | string | null };

export function getCandidateDegrees(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<CandidateDegree[]> {
  return fetchReferenceList<CandidateDegree>('/api/candidate/degrees', options, signal);
}

export function getCandidateDegreesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('candidate-degrees', options),
    queryFn: ({ signal }) => getCandidateDegrees(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useCandidateDegrees(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getCandidateDegreesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
