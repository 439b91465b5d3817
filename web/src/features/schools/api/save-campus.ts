// POST /api/api/school/campuses (create) and POST /api/api/school/campuses/{id}
// (edit, the whole list of programs sent each time).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolKeys } from './query-keys';
import type { Campus, CampusRequest } from './school-types';

export function saveCampus(request: CampusRequest, id?: number): Promise<Campus> {
  const path = id === undefined ? '/api/school/campuses' : `/api/school/campuses/${id}`;
  return api.post<Campus>(path, request, { silent: true });
}

export function useSaveCampus(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CampusRequest) => saveCampus(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
}
