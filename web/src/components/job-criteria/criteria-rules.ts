// The one rule set of the job criteria a sourcing search and a job offer
// share (spec §5, in the server's terms): each form's rule function starts
// from `validateJobCriteria`, so the two forms cannot drift apart. The limits
// are the server's, read from its OpenAPI document (src/api/bounds.ts); the
// document gives the defaults in prose only ("Kilometres, default 10."), so
// they are written here, once.
import { apiBounds } from '@/api/bounds';
import { parseIsoDate } from '@/lib/person-rules';
import type { JobCriteriaValues } from './criteria-values';

/** Limits, both included, and what they count when a message should say it ("de 1 à 200 km"). */
export type NumberRange = { readonly min: number; readonly max: number; readonly unit?: RangeUnit };
export type RangeUnit = 'km' | 'months';

/** A property's limits in src/api/bounds.ts, as a range of `unit`. */
export const rangeOf = (bounds: { minimum: number; maximum: number }, unit?: RangeUnit): NumberRange => ({
  min: bounds.minimum,
  max: bounds.maximum,
  ...(unit && { unit }),
});

export const radiusRangeKm = rangeOf(apiBounds.JobCriteriaInput.radius, 'km');
export const durationRangeMonths = rangeOf(apiBounds.JobCriteriaInput.duration, 'months');
export const degreeRange = rangeOf(apiBounds.JobCriteriaInput.degree);
export const languageLevelRange = rangeOf(apiBounds.LanguageInput.level);

export const defaultRadiusKm = 10;
/**
 * The forms start at "no minimum" (level 0), an option the user sees and may
 * change, rather than a degree chosen for them; the server's default when the
 * field is absent stays the spec's level 1 (README, "Forms: decisions").
 */
export const defaultDegree = 0;
export const defaultLanguageLevel = 3;

export type JobCriteriaField = keyof JobCriteriaValues;

/** The server's rule codes, used as translation keys for the messages. */
export type JobCriteriaRule = 'required' | 'out_of_range' | 'invalid_date' | 'matching_parameter_required';

export type JobCriteriaErrors = Partial<Record<JobCriteriaField, JobCriteriaRule>>;

export function outOfRange(value: number, range: NumberRange): boolean {
  return !Number.isFinite(value) || value < range.min || value > range.max;
}

export function outOfIntegerRange(value: number, range: NumberRange): boolean {
  return !Number.isInteger(value) || outOfRange(value, range);
}

/**
 * Whether a job on `contracts` has no end: they are all permanent (the CDI,
 * `permanent` in the contract types list), so no duration is asked for it.
 */
export function isOpenEnded(contracts: readonly number[], permanentContracts: readonly number[]): boolean {
  return contracts.length > 0 && contracts.every((id) => permanentContracts.includes(id));
}

/**
 * The shared criteria's errors; an empty object means they are valid. An
 * open-ended job (`isOpenEnded`) has no duration to check.
 */
export function validateJobCriteria(values: JobCriteriaValues, openEnded = false): JobCriteriaErrors {
  const errors: JobCriteriaErrors = {};
  if (values.jobCategory === null) errors.jobCategory = 'required';
  if (!openEnded && values.duration === null) errors.duration = 'required';
  else if (!openEnded && values.duration !== null && outOfIntegerRange(values.duration, durationRangeMonths)) {
    errors.duration = 'out_of_range';
  }
  if (values.startAt === '') errors.startAt = 'required';
  else if (parseIsoDate(values.startAt) === null) errors.startAt = 'invalid_date';
  if (values.localization === null || values.localization.value.trim() === '') errors.localization = 'required';
  if (outOfRange(values.radius, radiusRangeKm)) errors.radius = 'out_of_range';
  if (outOfIntegerRange(values.degree, degreeRange)) errors.degree = 'out_of_range';
  if (values.languages.some((language) => outOfRange(language.level, languageLevelRange))) {
    errors.languages = 'out_of_range';
  }
  // A search matches on languages or soft skills: an offer needs one as well, so that
  // "find candidates for this offer" always opens a search that can run.
  if (values.languages.length === 0 && values.softskillCategories.length === 0) {
    errors.languages = 'matching_parameter_required';
    errors.softskillCategories = 'matching_parameter_required';
  }
  return errors;
}
