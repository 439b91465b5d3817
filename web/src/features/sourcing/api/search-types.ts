// The shapes of the sourcing API (search request, results, saved searches),
// aliases of the server's schemas so the form, the list and the map agree
// with what it answers.
import type { Schemas } from '@/api/schemas';

/** A place as the localization picker gives it and the server stores it. */
export type SearchLocalization = Schemas['Place'];

export type LanguageRequirement = Schemas['LanguageLevel'];

export type SortOrder = Schemas['SortOrder'];
export const sortOrders = ['score', 'distance'] as const satisfies readonly SortOrder[];

/** The search as stored, with defaults applied. */
export type StoredSearch = Schemas['SearchCriteria'];

/**
 * The body of POST /api/api/sourcing/searchs as this app sends it: a complete
 * search with its page. The calls check that it fits the server's input
 * schema (`SearchCreateRequest`).
 */
export type SourcingSearchRequest = StoredSearch & { limit: number; offset: number; sort: SortOrder };

export type HitCandidate = Schemas['CandidateView'];

/** Why a candidate ranks where it does; a null score means the search asks for no language (resp. family). */
export type HitBreakdown = Schemas['Explanation'];

/** A ranked candidate; `score` is null for a saved candidate who no longer matches. */
export type SearchHit = Schemas['HitView'];

/** How many more candidates match when one criterion is relaxed one step (read field by field: any may be missing). */
export type RelaxCounts = Partial<Schemas['RelaxCounts']>;

/** The relaxed values to put in the form when a suggestion is taken (any may be missing). */
export type RelaxValues = Partial<Schemas['RelaxValues']>;

/** The server's input schema of a search (every field optional: it checks them itself). */
export type SearchCreateRequest = Schemas['SearchCreateRequest'];

export type SearchResponse = Schemas['SearchResponse'];

/** One entry of GET /api/api/sourcing/searchs. */
export type SavedSearchSummary = Schemas['SavedSearchSummary'];
