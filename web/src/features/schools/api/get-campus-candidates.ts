// GET /api/api/school/campuses/{id}/candidates: a page of the campus's
// candidates, filtered; the same call with `csv` downloads the filtered list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBaseUrl, api } from '@/lib/api-client';
import { type CandidateFilters, schoolKeys } from './query-keys';
import type { CampusCandidatesPage } from './school-types';

function filterQuery(filters: CandidateFilters) {
  return {
    name: filters.name?.trim() || undefined,
    parcours: filters.parcours,
    program: filters.program,
    completion: filters.completion,
  };
}

export function getCampusCandidates(campusId: number, filters: CandidateFilters, signal?: AbortSignal) {
  return api.get<CampusCandidatesPage>(`/api/school/campuses/${campusId}/candidates`, {
    query: { ...filterQuery(filters), page: filters.page },
    signal,
  });
}

export function getCampusCandidatesQueryOptions(campusId: number, filters: CandidateFilters) {
  return queryOptions({
    queryKey: schoolKeys.candidates(campusId, filters),
    queryFn: ({ signal }) => getCampusCandidates(campusId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampusCandidates(campusId: number, filters: CandidateFilters) {
  return useQuery(getCampusCandidatesQueryOptions(campusId, filters));
}

/** The address of the filtered list as a CSV file (a plain link: the browser downloads it). */
export function campusCandidatesCsvUrl(campusId: number, filters: CandidateFilters): string {
  const search = new URLSearchParams({ csv: '' });
  for (const [key, value] of Object.entries(filterQuery(filters))) {
    if (value !== undefined) search.set(key, String(value));
  }
  return `${apiBaseUrl}/api/school/campuses/${campusId}/candidates?${search.toString()}`;
}
