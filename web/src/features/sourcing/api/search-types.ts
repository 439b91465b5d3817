// The shapes of the sourcing API (search request, results, saved searches), as
// the server answers them. One place so the form, the list and the map agree.

import type { LocalizationValue } from '@/components/localization-picker/localization-picker';

/** A place as the localization picker gives it and the server stores it. */
export type SearchLocalization = LocalizationValue;

export type LanguageRequirement = { id: number; level: number };

export const sortOrders = ['score', 'distance'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** The body of POST /api/api/sourcing/searchs. */
export type SourcingSearchRequest = {
  job_category: number;
  contracts: number[];
  duration: number;
  start_at: string;
  localization: SearchLocalization;
  radius: number;
  degree: number;
  languages: LanguageRequirement[];
  softskills_categories: number[];
  duration_flexibility: number;
  keywords?: string;
  limit: number;
  offset: number;
  sort: SortOrder;
};

/** The search as stored, with defaults applied. */
export type StoredSearch = Omit<SourcingSearchRequest, 'limit' | 'offset' | 'sort'> & {
  limit?: number;
  offset?: number;
  sort?: SortOrder;
  keywords?: string | null;
  created_at?: string;
};

export type HitCommune = { name: string; department: string | null; lat: number; lng: number };

export type HitCandidate = {
  id: number;
  firstname: string;
  lastname: string;
  headline: string | null;
  commune: HitCommune | null;
  degree: { level: number; name: string } | null;
  languages: { id: number; name: string; flag: string | null; level: number }[];
  softskills_categories: { id: number; name: string; percent: number }[];
  availability: string | null;
  contracts: { id: number; name: string }[];
  slug: string | null;
};

export type HitBreakdown = {
  proximity: { distance_km: number | null; country_wide: boolean; score: number };
  /** `actual` is null when the candidate does not speak the language. */
  languages: { id: number; name: string; required: number; actual: number | null; credit: number }[];
  softskills: { id: number; name: string; percent: number }[];
  /** Null when the search asks for no language (resp. no soft-skill family). */
  language_score: number | null;
  softskill_score: number | null;
  proximity_score: number;
};

export type SearchHit = {
  candidate: HitCandidate;
  /** 0..100; null for a saved candidate who no longer matches. */
  score: number | null;
  breakdown: HitBreakdown | null;
  saved: boolean;
};

/** How many more candidates match when one criterion is relaxed one step. */
export type RelaxCounts = {
  radius?: number;
  start_date?: number;
  duration_flexibility?: number;
  degree?: number;
  contracts?: number;
};

/** The relaxed values to put in the form when a suggestion is taken. */
export type RelaxValues = {
  radius?: number;
  start_at?: string;
  duration_flexibility?: number;
  degree?: number;
};

export type SearchResponse = {
  id: number | null;
  search: StoredSearch;
  total: number;
  relax: RelaxCounts | null;
  relax_values: RelaxValues | null;
  limit: number;
  offset: number;
  sort: SortOrder;
  hits: SearchHit[];
};

/** One entry of GET /api/api/sourcing/searchs. */
export type SavedSearchSummary = {
  id: number;
  search: StoredSearch;
  job_category_name: string | null;
  localization_value: string | null;
  saved_candidates: number;
  created_at: string;
};
