// GET and POST /api/api/school/profile: the school's own profile (name, type,
// description, web site, institution), and GET /api/api/school/institutions
// for the institution picker, in the alphabetical order of the page's language.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { sortByName } from '@/lib/i18n/collate';
import { schoolKeys } from './query-keys';
import type { Institution, SchoolProfile, SchoolProfileRequest } from './school-types';

export function getSchoolProfile(signal?: AbortSignal): Promise<SchoolProfile> {
  return api.get<SchoolProfile>('/api/school/profile', { signal });
}

export function useSchoolProfile() {
  return useQuery(queryOptions({ queryKey: schoolKeys.profile(), queryFn: ({ signal }) => getSchoolProfile(signal) }));
}

export function useInstitutions() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useQuery(
    queryOptions({
      queryKey: schoolKeys.institutions(),
      queryFn: ({ signal }) => api.get<Institution[]>('/api/school/institutions', { signal }),
      select: (institutions) => sortByName(institutions, locale),
    }),
  );
}

export function useUpdateSchoolProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SchoolProfileRequest) => api.post<SchoolProfile>('/api/school/profile', request, { silent: true }),
    onSuccess: (profile) => queryClient.setQueryData(schoolKeys.profile(), profile),
  });
}
