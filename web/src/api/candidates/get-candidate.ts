// GET /api/api/candidates/{id or slug}: a candidate's profile. The candidate
// gets it whole, with `contact`; a school, a partner or a visitor gets what the
// server lets them read, never the contact details. Shared by the session (the
// logged-in candidate's profile) and the pages showing a candidate. Names are
// in the caller's language, so the locale is part of the query key. The call
// is silent: a page says itself that a profile is missing (a 401 still logs out).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

/** An item of a reference list, named in the caller's language. */
export type NamedItem = { id: number; name: string };

/** A place as the localization picker gives it; `value` is a commune's name for a `city`. */
export type CandidatePlace = {
  value: string;
  type: 'city' | 'department' | 'region' | 'country';
  lat: number | null;
  lng: number | null;
  /** INSEE code of a commune, department or region code, ISO code of a country. */
  id: string;
  country_code: string;
};

export type CandidateLanguage = NamedItem & { flag: string; level: number };

/** A soft-skill family's share (0-100) of the soft skills the candidate chose. */
export type SoftSkillShare = NamedItem & { code: string; icon: string; percentage: number };

export type CandidateProfile = {
  id: number;
  slug: string;
  firstname: string;
  lastname: string;
  headline: string | null;
  /** The photo, served at `url`. */
  profile_picture?: { id: string; url?: string } | null;
  /** Where the candidate lives (a commune at most). */
  localization: CandidatePlace | null;
  type: NamedItem | null;
  degree: (NamedItem & { level: number }) | null;
  in_research: boolean;
  /** Shared: anyone may read the profile at /candidat/{slug}. */
  is_public: boolean;
  completion: number;
  entry_year: number | null;
  job_categories: NamedItem[];
  contract_types: NamedItem[];
  contract_hourly_schemes: NamedItem[];
  company_types: NamedItem[];
  /** Months; 0 for any length. */
  contract_min_duration: number;
  /** `YYYY-MM-DD` */
  availability: string | null;
  job_localizations: CandidatePlace[];
  languages: CandidateLanguage[];
  softskill_percentages: SoftSkillShare[];
  school: NamedItem | null;
  campus: NamedItem | null;
  program: NamedItem | null;
  institution: NamedItem | null;
  /** Only in the candidate's own profile. */
  contact?: { email: string; phone: string | null; birthdate: string | null };
};

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
