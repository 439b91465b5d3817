// The stepped offer creation as data: the steps, what each one checks before
// moving on, and the request sent at the end.
//
// Decision (the spec leaves the steps open): five steps, in the order a
// recruiter thinks about a position.
//   1. the job: title, job category, trade (optional, within the category)
//   2. the contract: contract type, duration in months and how many months it may
//      differ by (the search's duration flexibility, default 0), start date; a
//      permanent contract (the CDI) has no end, so neither duration is asked
//      and the duration is sent as null
//   3. where: place, and the radius a search for it starts with (the search's default)
//   4. the profile: minimum degree (default "no minimum"), languages with level (default 3),
//      soft-skill families; at least one language or family, as for a search,
//      so "find candidates for this offer" always opens a runnable search
//   5. description and review: optional free text and closing date (today or later;
//      none: until the partner closes it), then everything read back; the offer is
//      saved as a draft or published at once
// The criteria's rules are the sourcing search's (components/job-criteria/criteria-rules.ts).
// Limits follow the server: a title of at most 200 characters, a description of at most 10 000.
import { apiBounds } from '@/api/bounds';
import {
  isOpenEnded,
  type JobCriteriaRule,
  outOfIntegerRange,
  rangeOf,
  validateJobCriteria,
} from '@/components/job-criteria/criteria-rules';
import { defaultJobCriteria, jobCriteriaRequest } from '@/components/job-criteria/criteria-values';
import { rulesSchema } from '@/lib/form/rules-schema';
import { parseIsoDate } from '@/lib/person-rules';
import type { OfferCreateRequest, OfferLocalization } from '../api/offer-types';

export const offerSteps = ['job', 'contract', 'place', 'profile', 'review'] as const;
export type OfferStep = (typeof offerSteps)[number];

export type OfferFormValues = {
  title: string;
  jobCategory: number | null;
  job: number | null;
  contractType: number | null;
  duration: number | null;
  durationFlexibility: number;
  startAt: string;
  localization: OfferLocalization | null;
  radius: number;
  degree: number;
  languages: { id: number; level: number }[];
  softskillCategories: number[];
  description: string;
  /** `YYYY-MM-DD`, or '' for none. */
  closesOn: string;
};

export type OfferField = Exclude<keyof OfferFormValues, 'job'>;
export type OfferRule = JobCriteriaRule | 'too_long' | 'date_in_the_past';
export type OfferErrors = Partial<Record<OfferField, OfferRule>>;

export const titleMaxLength = 200;
export const descriptionMaxLength = 10_000;
/** An offer's criteria are a search's: the same bounds for the duration flexibility. */
export const durationFlexibilityRangeMonths = rangeOf(apiBounds.SearchCreateRequest.duration_flexibility, 'months');

/** Today in the user's time zone, `YYYY-MM-DD`: the earliest closing date. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function defaultOfferForm(): OfferFormValues {
  return {
    ...defaultJobCriteria(),
    title: '',
    job: null,
    contractType: null,
    durationFlexibility: 0,
    description: '',
    closesOn: '',
  };
}

/** The fields each step owns. */
export const stepFields: Record<OfferStep, OfferField[]> = {
  job: ['title', 'jobCategory'],
  contract: ['contractType', 'duration', 'durationFlexibility', 'startAt'],
  place: ['localization', 'radius'],
  profile: ['degree', 'languages', 'softskillCategories'],
  review: ['description', 'closesOn'],
};

/** Whether the offer's contract is permanent (one of `permanentContracts`): it has no duration. */
export function offerIsOpenEnded(values: Pick<OfferFormValues, 'contractType'>, permanentContracts: readonly number[]): boolean {
  return values.contractType !== null && isOpenEnded([values.contractType], permanentContracts);
}

/** The offer's errors; `permanentContracts` are the contract types that ask for no duration. */
export function validateOffer(
  values: OfferFormValues,
  permanentContracts: readonly number[] = [],
  today: string = todayIsoDate(),
): OfferErrors {
  const openEnded = offerIsOpenEnded(values, permanentContracts);
  const errors: OfferErrors = validateJobCriteria(values, openEnded);
  const title = values.title.trim();
  if (title === '') errors.title = 'required';
  else if (title.length > titleMaxLength) errors.title = 'too_long';
  if (values.contractType === null) errors.contractType = 'required';
  if (values.description.length > descriptionMaxLength) errors.description = 'too_long';
  if (!openEnded && outOfIntegerRange(values.durationFlexibility, durationFlexibilityRangeMonths)) {
    errors.durationFlexibility = 'out_of_range';
  }
  if (values.closesOn !== '') {
    if (parseIsoDate(values.closesOn) === null) errors.closesOn = 'invalid_date';
    else if (values.closesOn < today) errors.closesOn = 'date_in_the_past';
  }
  return errors;
}

/** The zod schema the form runs: the rules above, each failure carrying its rule code. */
export const offerFormSchema = (permanentContracts: readonly number[]) =>
  rulesSchema<OfferFormValues>((values) => validateOffer(values, permanentContracts));

/** Server names that are not the snake_case of the form's. */
export const offerServerFieldNames = { softskills_categories: 'softskillCategories' } as const;

/** A new offer is kept as a draft (only its partner sees it) or published at once. */
export type OfferCreation = 'draft' | 'publish';

/** The step showing `field`. */
export function stepOfField(field: OfferField): OfferStep {
  return offerSteps.find((step) => stepFields[step].includes(field)) ?? 'job';
}

/** The errors of one step only: a step can be left when this is empty. */
export function validateStep(step: OfferStep, values: OfferFormValues, permanentContracts: readonly number[] = []): OfferErrors {
  const all = validateOffer(values, permanentContracts);
  const errors: OfferErrors = {};
  for (const field of stepFields[step]) {
    const rule = all[field];
    if (rule) errors[field] = rule;
  }
  return errors;
}

/** The first step with an error, to send the user back there. */
export function firstInvalidStep(values: OfferFormValues, permanentContracts: readonly number[] = []): OfferStep | null {
  return offerSteps.find((step) => Object.keys(validateStep(step, values, permanentContracts)).length > 0) ?? null;
}

export function buildOfferRequest(
  values: OfferFormValues,
  creation: OfferCreation,
  permanentContracts: readonly number[] = [],
): OfferCreateRequest {
  const { jobCategory, contractType, localization } = values;
  if (jobCategory === null || contractType === null || localization === null || firstInvalidStep(values, permanentContracts)) {
    throw new Error('the offer form is not complete');
  }
  const openEnded = offerIsOpenEnded(values, permanentContracts);
  return {
    title: values.title.trim(),
    job_category: jobCategory,
    ...(values.job !== null ? { job: values.job } : {}),
    contract_type: contractType,
    ...jobCriteriaRequest({ ...values, localization }, openEnded),
    softskills_categories: [...values.softskillCategories],
    description: values.description.trim(),
    duration_flexibility: openEnded ? 0 : values.durationFlexibility,
    ...(values.closesOn !== '' ? { closes_on: values.closesOn } : {}),
    publish: creation === 'publish',
  };
}
