// GET /api/api/school/campuses: the school's campuses with their programs and
// candidate counts. One campus is read from the same list (a school has few).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';
import type { Campus } from './school-types';

export function getCampuses(signal?: AbortSignal): Promise<Campus[]> {
  return api.get<Campus[]>('/api/school/campuses', { signal });
}

export function getCampusesQueryOptions() {
  return queryOptions({ queryKey: schoolKeys.campuses(), queryFn: ({ signal }) => getCampuses(signal) });
}

export function useCampuses() {
  return useQuery(getCampusesQueryOptions());
}
