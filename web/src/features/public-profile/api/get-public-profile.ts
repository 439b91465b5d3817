// The reads of a shared profile by its slug: the profile itself
// (GET /api/api/candidates/{slug}) and its parts (/experiences, /educations,
// /projects, /hobbies), in the visitor's language. A profile that is not
// shared, deactivated or unknown is a 404 on every one of them: the calls are
// silent and the page says "not available" itself.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCandidateQueryOptions } from '@/api/candidates/get-candidate';
import type { Schemas } from '@/api/schemas';
import { api, ApiError, isDailyQuotaReached } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

export type PublicExperience = Schemas['ExperienceView'];
export type PublicEducation = Schemas['EducationView'];
export type PublicProject = Schemas['ProjectView'];
export type PublicHobby = Schemas['HobbyView'];

export type PublicRecords = {
  experiences: PublicExperience;
  educations: PublicEducation;
  projects: PublicProject;
  hobbies: PublicHobby;
};

export type PublicRecordKind = keyof PublicRecords;

export const publicProfileKeys = {
  records: (slug: string, kind: PublicRecordKind, locale: string) => ['public-profile', slug, kind, locale] as const,
};

/** A 404 is an answer ("not available"), not a failure worth retrying. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

// A spent daily quota (a partner's opened profiles) is an answer too, until midnight UTC.
const noRetryOnNotFound = (failures: number, error: unknown) => !isNotFound(error) && !isDailyQuotaReached(error) && failures < 1;

export function usePublicProfile(slug: string) {
  return useQuery({ ...getCandidateQueryOptions(slug), retry: noRetryOnNotFound });
}

function getPublicRecordsQueryOptions<K extends PublicRecordKind>(slug: string, kind: K, locale: string) {
  return queryOptions({
    queryKey: publicProfileKeys.records(slug, kind, locale),
    queryFn: ({ signal }) =>
      api.get<PublicRecords[K][]>(`/api/candidates/${encodeURIComponent(slug)}/${kind}`, { signal, silent: true }),
    retry: noRetryOnNotFound,
  });
}

/** One kind of record of the shared profile; asked only once the profile itself answered. */
export function usePublicRecords<K extends PublicRecordKind>(slug: string, kind: K, enabled: boolean) {
  return useQuery({ ...getPublicRecordsQueryOptions(slug, kind, currentLocale()), enabled });
}
