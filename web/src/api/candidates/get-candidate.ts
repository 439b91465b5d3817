// GET /api/api/candidates/{id or slug}: a candidate's profile. The candidate
// gets it whole, with `contact`; a school, a partner or a visitor gets what the
// server lets them read, never the contact details. Shared by the session (the
// logged-in candidate's profile) and the pages showing a candidate. Names are
// in the caller's language, so the locale is part of the query key. The call
// is silent: a page says itself that a profile is missing (a 401 still logs out).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

/** An item of a reference list, named in the caller's language. */
export type NamedItem = Schemas['NamedItem'];

/** A place as the localization picker gives it; `value` is a commune's name for a `city`. */
export type CandidatePlace = Schemas['Place'];

export type CandidateLanguage = Schemas['LanguageView'];

/** A soft-skill family's share (0-100) of the soft skills the candidate chose. */
export type SoftSkillShare = Schemas['SoftSkillShareView'];

/** The profile; `contact` only in the candidate's own. */
export type CandidateProfile = Schemas['CandidateProfileResponse'];

export const candidateKeys = {
  all: ['candidates'] as const,
  detail: (idOrSlug: number | string, locale: string) => ['candidates', 'detail', String(idOrSlug), locale] as const,
};

export function getCandidate(idOrSlug: number | string, signal?: AbortSignal): Promise<CandidateProfile> {
  return api.get<CandidateProfile>(`/api/candidates/${encodeURIComponent(String(idOrSlug))}`, { signal, silent: true });
}

export function getCandidateQueryOptions(idOrSlug: number | string, locale: string = currentLocale()) {
  return queryOptions({
    queryKey: candidateKeys.detail(idOrSlug, locale),
    queryFn: ({ signal }) => getCandidate(idOrSlug, signal),
  });
}

export function useCandidate(idOrSlug: number | string) {
  return useQuery(getCandidateQueryOptions(idOrSlug));
}
