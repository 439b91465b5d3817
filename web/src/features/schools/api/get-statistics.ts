// GET /api/api/school/statistics: counts about the school's own candidates,
// named in the caller's language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';
import type { SchoolStatistics } from './school-types';

export function getStatistics(signal?: AbortSignal): Promise<SchoolStatistics> {
  return api.get<SchoolStatistics>('/api/school/statistics', { signal });
}

export function getStatisticsQueryOptions(locale: string) {
  return queryOptions({ queryKey: schoolKeys.statistics(locale), queryFn: ({ signal }) => getStatistics(signal) });
}

export function useStatistics() {
  const { i18n } = useTranslation();
  return useQuery(getStatisticsQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
