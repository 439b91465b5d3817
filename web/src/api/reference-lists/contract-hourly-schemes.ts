// Full time, part time and the other working-time schemes of a contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type ContractHourlyScheme = ReferenceItem;

export function getContractHourlySchemes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<ContractHourlyScheme[]> {
  return fetchReferenceList<ContractHourlyScheme>('/api/contract/hourly-schemes', options, signal);
}

export function getContractHourlySchemesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('contract-hourly-schemes', options),
    queryFn: ({ signal }) => getContractHourlySchemes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useContractHourlySchemes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getContractHourlySchemesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
