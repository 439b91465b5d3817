// The sourcing form as data: its defaults (spec §3 and §9), the same validation
// rules as the server (spec §5: the job criteria's shared rule set, plus the
// search's own fields), and the request built from it. Kept free of React so
// the rules are tested on their own.
import { apiBounds } from '@/api/bounds';
import {
  defaultDegree,
  defaultRadiusKm,
  isOpenEnded,
  type JobCriteriaRule,
  outOfIntegerRange,
  rangeOf,
  validateJobCriteria,
} from '@/components/job-criteria/criteria-rules';
import { defaultJobCriteria, jobCriteriaRequest } from '@/components/job-criteria/criteria-values';
import { oncePerValues, rulesSchema } from '@/lib/form/rules-schema';
import type {
  LanguageRequirement,
  SearchLocalization,
  SortOrder,
  SourcingSearchRequest,
  StoredSearch,
} from '../api/search-types';

// The list helpers the form's tests use, where the sections keep them.
export { addLanguage, toggleId } from '@/components/job-criteria/criteria-values';
export const defaultDurationFlexibility = 0;
export const durationFlexibilityRangeMonths = rangeOf(apiBounds.SearchCreateRequest.duration_flexibility, 'months');

export type SearchFormValues = {
  jobCategory: number | null;
  contracts: number[];
  /** Months; null while the field is empty. */
  duration: number | null;
  /** `YYYY-MM-DD`, or '' while empty. */
  startAt: string;
  localization: SearchLocalization | null;
  radius: number;
  degree: number;
  languages: LanguageRequirement[];
  softskillCategories: number[];
  durationFlexibility: number;
  keywords: string;
};

export type SearchFormField =
  | 'jobCategory'
  | 'contracts'
  | 'duration'
  | 'startAt'
  | 'localization'
  | 'radius'
  | 'degree'
  | 'languages'
  | 'softskillCategories'
  | 'durationFlexibility';

/** The fields that show an error, in the order of the form. */
export const searchFormFields: readonly SearchFormField[] = [
  'jobCategory',
  'contracts',
  'duration',
  'startAt',
  'localization',
  'radius',
  'languages',
  'softskillCategories',
  'degree',
  'durationFlexibility',
];

/** Server names that are not the snake_case of the form's. */
export const serverFieldNames = { softskills_categories: 'softskillCategories' } as const;

/** The server's rule codes, used as translation keys for the messages. */
export type SearchFormRule = JobCriteriaRule;

export type SearchFormErrors = Partial<Record<SearchFormField, SearchFormRule>>;

export function defaultSearchForm(): SearchFormValues {
  return {
    ...defaultJobCriteria(),
    contracts: [],
    durationFlexibility: defaultDurationFlexibility,
    keywords: '',
  };
}

/**
 * The rules of spec §5, in the server's terms; an empty object means valid. A
 * search for permanent contracts only (`permanentContracts`, the CDI) asks for
 * no duration.
 */
export function validateSearchForm(values: SearchFormValues, permanentContracts: readonly number[] = []): SearchFormErrors {
  const errors: SearchFormErrors = validateJobCriteria(values, isOpenEnded(values.contracts, permanentContracts));
  if (values.contracts.length === 0) errors.contracts = 'required';
  if (outOfIntegerRange(values.durationFlexibility, durationFlexibilityRangeMonths)) {
    errors.durationFlexibility = 'out_of_range';
  }
  return errors;
}

/**
 * The rules above, run once per change of the values: the form's resolver, the
 * page (which runs the search when they pass) and the request built from them
 * all ask for the same values' errors.
 */
export const searchFormErrors = oncePerValues(
  ({ values, permanentContracts }: { values: SearchFormValues; permanentContracts: readonly number[] }) =>
    validateSearchForm(values, permanentContracts),
);

/** The zod schema the form runs: the rules above, each failure carrying its rule code. */
export const searchFormSchema = (permanentContracts: readonly number[]) =>
  rulesSchema<SearchFormValues>((values) => searchFormErrors({ values, permanentContracts }));

export function isSearchFormValid(values: SearchFormValues, permanentContracts: readonly number[] = []): boolean {
  return Object.keys(searchFormErrors({ values, permanentContracts })).length === 0;
}

export type ResultsPage = { limit: number; offset: number; sort: SortOrder };

/** The request for a valid form; throws on an invalid one (check with `isSearchFormValid` first). */
export function buildSearchRequest(
  values: SearchFormValues,
  page: ResultsPage,
  permanentContracts: readonly number[] = [],
): SourcingSearchRequest {
  const { jobCategory, localization } = values;
  if (jobCategory === null || localization === null || !isSearchFormValid(values, permanentContracts)) {
    throw new Error('the sourcing form is not valid');
  }
  const keywords = values.keywords.trim();
  return {
    job_category: jobCategory,
    contracts: [...values.contracts].sort((a, b) => a - b),
    ...jobCriteriaRequest({ ...values, localization }, isOpenEnded(values.contracts, permanentContracts)),
    softskills_categories: [...values.softskillCategories].sort((a, b) => a - b),
    duration_flexibility: values.durationFlexibility,
    ...(keywords !== '' ? { keywords } : {}),
    limit: page.limit,
    offset: page.offset,
    sort: page.sort,
  };
}

/** The form showing a stored search (a saved search, or the criteria the server echoed). */
export function searchToForm(search: StoredSearch): SearchFormValues {
  return {
    jobCategory: search.job_category,
    contracts: [...search.contracts],
    duration: search.duration,
    startAt: search.start_at.slice(0, 10),
    localization: search.localization,
    radius: search.radius ?? defaultRadiusKm,
    degree: search.degree ?? defaultDegree,
    languages: search.languages.map(({ id, level }) => ({ id, level })),
    softskillCategories: [...search.softskills_categories],
    durationFlexibility: search.duration_flexibility ?? defaultDurationFlexibility,
    keywords: search.keywords ?? '',
  };
}

/** What a job offer brings to a search (the fields the offer and the search share). */
export type OfferCriteria = {
  job_category: { id: number } | number | null;
  contract_type: { id: number } | number | null;
  duration: number | null;
  start_at: string | null;
  localization: SearchLocalization | null;
  radius?: number | null;
  degree?: number | null;
  languages?: LanguageRequirement[] | null;
  softskills_categories?: number[] | null;
};

const idOf = (value: { id: number } | number | null): number | null =>
  value === null ? null : typeof value === 'number' ? value : value.id;

/** The form pre-filled from a job offer (`?offer={id}`); missing fields keep their defaults. */
export function offerToForm(offer: OfferCriteria): SearchFormValues {
  const defaults = defaultSearchForm();
  const contract = idOf(offer.contract_type);
  return {
    ...defaults,
    jobCategory: idOf(offer.job_category),
    contracts: contract === null ? [] : [contract],
    duration: offer.duration ?? null,
    startAt: offer.start_at ? offer.start_at.slice(0, 10) : '',
    localization: offer.localization ?? null,
    radius: offer.radius ?? defaults.radius,
    degree: offer.degree ?? defaults.degree,
    languages: (offer.languages ?? []).map(({ id, level }) => ({ id, level })),
    softskillCategories: [...(offer.softskills_categories ?? [])],
  };
}
