// The contract types (permanent, fixed-term, internship...), with their code.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fetchReferenceList,
  referenceListKey,
  type ReferenceItem,
  type ReferenceListOptions,
  referenceListStaleTime,
} from './reference-list-query';

export type ContractType = ReferenceItem;

export function getContractTypes(options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<ContractType[]> {
  return fetchReferenceList<ContractType>('/api/contract/types', options, signal);
}

export function getContractTypesQueryOptions(options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey('contract-types', options),
    queryFn: ({ signal }) => getContractTypes(options, signal),
    staleTime: referenceListStaleTime,
  });
}

export function useContractTypes(options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(getContractTypesQueryOptions({ ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
