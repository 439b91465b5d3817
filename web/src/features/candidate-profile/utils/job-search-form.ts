// The job search form (/ma-recherche): what the candidate looks for, which is
// what the partners' sourcing searches match. Values come from the profile
// (names become ids), and go back as `from: "job_search"`. Like a search or an
// offer, a job search on permanent contracts only (the CDI) asks no shortest
// contract: it is sent as the server's "any length".
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { isOpenEnded, outOfIntegerRange, rangeOf } from '@/components/job-criteria/criteria-rules';
import type { LocalizationValue } from '@/components/localization-picker/localization-value';
import type { JobSearchUpdate } from '../api/update-candidate';
import { optionalChoice, placeRequest, placeValue, schemaFields } from './record-rules';

export const minDurationRangeMonths = rangeOf(apiBounds.JobSearchInput.contract_min_duration, 'months');
/** The shortest contract that means "any length", the server's default. */
const anyMinDuration = 0;

const jobSearchShape = z.object({
  jobCategories: z.array(z.number()),
  jobLocalizations: z.array(z.custom<LocalizationValue>()),
  contractTypes: z.array(z.number()),
  contractHourlySchemes: z.array(z.number()),
  companyTypes: z.array(z.number()),
  contractMinDuration: z.number().nullable(),
  availability: z.string().refine((date): boolean => date === '' || !Number.isNaN(Date.parse(date)), 'invalid_date'),
  inResearch: z.boolean(),
  degree: optionalChoice,
  type: optionalChoice,
});

export type JobSearchFormValues = z.infer<typeof jobSearchShape>;

export const jobSearchFields = schemaFields(jobSearchShape);

/** Whether the job search asks a shortest contract: not on `permanentContracts` alone, a job with no end. */
export function asksMinDuration(values: Pick<JobSearchFormValues, 'contractTypes'>, permanentContracts: readonly number[]): boolean {
  return !isOpenEnded(values.contractTypes, permanentContracts);
}

/** The form's schema; `permanentContracts` are the contract types that ask no shortest contract. */
export const jobSearchSchema = (permanentContracts: readonly number[] = []) =>
  jobSearchShape.superRefine((values, context) => {
    const months = values.contractMinDuration;
    if (asksMinDuration(values, permanentContracts) && months !== null && outOfIntegerRange(months, minDurationRangeMonths)) {
      context.addIssue({ code: 'custom', path: ['contractMinDuration'], message: 'out_of_range' });
    }
  });

const ids = (items: readonly { id: number }[] | undefined) => (items ?? []).map((item) => item.id);

export function jobSearchFormValues(profile: CandidateProfile): JobSearchFormValues {
  return {
    jobCategories: ids(profile.job_categories),
    jobLocalizations: (profile.job_localizations ?? []).map((place) => placeValue(place)).filter((place) => place !== null),
    contractTypes: ids(profile.contract_types),
    contractHourlySchemes: ids(profile.contract_hourly_schemes),
    companyTypes: ids(profile.company_types),
    contractMinDuration: profile.contract_min_duration ?? anyMinDuration,
    availability: profile.availability?.slice(0, 10) ?? '',
    inResearch: profile.in_research,
    degree: profile.degree?.id ?? null,
    type: profile.type?.id ?? null,
  };
}

export function jobSearchRequest(values: JobSearchFormValues, permanentContracts: readonly number[] = []): JobSearchUpdate {
  return {
    from: 'job_search',
    job_categories: values.jobCategories,
    job_localizations: values.jobLocalizations.map((place) => placeRequest(place)).filter((place) => place !== null),
    contract_types: values.contractTypes,
    contract_hourly_schemes: values.contractHourlySchemes,
    company_types: values.companyTypes,
    contract_min_duration: asksMinDuration(values, permanentContracts) ? (values.contractMinDuration ?? anyMinDuration) : anyMinDuration,
    availability: values.availability === '' ? null : values.availability,
    in_research: values.inResearch,
    degree: values.degree,
    type: values.type,
  };
}

/** Adds a place unless the same one is there already. */
export function addPlace(places: LocalizationValue[], place: LocalizationValue): LocalizationValue[] {
  return places.some((other) => other.type === place.type && other.id === place.id) ? places : [...places, place];
}
