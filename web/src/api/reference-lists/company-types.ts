// The kinds of company a partner can belong to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type CompanyType = ReferenceItem;

export function getCompanyTypes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<CompanyType[]> {
  return fetchReferenceList<CompanyType>('/api/company/types', options, signal);
}

export function getCompanyTypesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('company-types', options),
    queryFn: ({ signal }) => getCompanyTypes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useCompanyTypes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getCompanyTypesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
