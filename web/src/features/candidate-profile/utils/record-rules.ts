// The rules the profile forms share (spec §5 and §9), as zod pieces, and the
// conversions between a form's values and a record. Every issue carries a
// rule code of the server (`required`, `out_of_range`...) as its message: the
// field components show its sentence in the user's language, and a server 422
// lands beside the same fields with the same codes. The server stays the judge.
import { z } from 'zod';
import type { CarMethod, RecordPeriod } from '@/api/candidate-records/get-candidate-records';
import type { CandidatePlace } from '@/api/candidates/get-candidate';
import type { LocalizationValue } from '@/components/localization-picker/localization-value';
import { ApiError } from '@/lib/api-client';

/** The fields of a form, read from its schema (for the server's field errors). */
export function schemaFields<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): (keyof Shape & string)[] {
  return Object.keys(schema.shape) as (keyof Shape & string)[];
}

/** Soft skills per education, experience and project (spec §9). */
export const softskillRange = { min: 1, max: 4 } as const;
export const textMaxLength = 200;
export const longTextMaxLength = 5000;

export const requiredText = (max = textMaxLength) => z.string().trim().min(1, 'required').max(max, 'too_long');
export const optionalText = (max = textMaxLength) => z.string().trim().max(max, 'too_long');

/** An item of a reference list, chosen in a drop-down (null while none is). */
export const requiredChoice = z
  .number()
  .nullable()
  .refine((value): boolean => value !== null, 'required');
export const optionalChoice = z.number().nullable();

export const requiredPlace = z
  .custom<LocalizationValue | null>((value) => value === null || typeof value === 'object')
  .refine((value): boolean => value !== null && value.value.trim() !== '', 'required');

export const softskillsRule = z
  .array(z.number())
  .min(softskillRange.min, 'required')
  .max(softskillRange.max, 'too_many');

export type PeriodValues = { startDate: string; endDate: string; isCurrent: boolean };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) => isoDate.test(text) && !Number.isNaN(Date.parse(text));

/** A start date; an end date unless the record is current, not before the start. */
function checkPeriod(values: PeriodValues, context: z.RefinementCtx): void {
  const issue = (field: keyof PeriodValues, code: string) => context.addIssue({ code: 'custom', path: [field], message: code });
  if (values.startDate === '') issue('startDate', 'required');
  else if (!isDate(values.startDate)) issue('startDate', 'invalid_date');
  if (values.isCurrent) return;
  if (values.endDate === '') issue('endDate', 'required');
  else if (!isDate(values.endDate)) issue('endDate', 'invalid_date');
  else if (isDate(values.startDate) && values.endDate < values.startDate) issue('endDate', 'end_before_start');
}

/** CAR method: context, actions, results; a CAR method with an empty part is empty (spec §5). */
export const carShape = {
  carContext: requiredText(longTextMaxLength),
  carActions: requiredText(longTextMaxLength),
  carResults: requiredText(longTextMaxLength),
};
export type CarValues = { carContext: string; carActions: string; carResults: string };

export const carValues = (car: CarMethod | null | undefined): CarValues => ({
  carContext: car?.context ?? '',
  carActions: car?.actions ?? '',
  carResults: car?.results ?? '',
});
export const carRequest = (values: CarValues): CarMethod => ({
  context: values.carContext.trim(),
  actions: values.carActions.trim(),
  results: values.carResults.trim(),
});

/** The picker's value and the record's place are the same object; the record allows unknown coordinates. */
export const placeValue = (place: CandidatePlace | null | undefined) => (place ?? null) as LocalizationValue | null;
export const placeRequest = (place: LocalizationValue | null) => place as CandidatePlace | null;

type PlaceAndPeriodValues = PeriodValues & { localization: LocalizationValue | null };
type PlaceAndPeriodRecord = RecordPeriod & { localization: CandidatePlace | null };

/**
 * Where and when an education, an experience or a project took place: a
 * required place, then a period. Its zod shape and check, its form values
 * from a record, and the record's fields from the values.
 */
export const placeAndPeriod = {
  shape: { localization: requiredPlace, startDate: z.string(), endDate: z.string(), isCurrent: z.boolean() },
  check: checkPeriod,
  values: (record: PlaceAndPeriodRecord | undefined): PlaceAndPeriodValues => ({
    localization: placeValue(record?.localization),
    startDate: record?.start_date?.slice(0, 10) ?? '',
    endDate: record?.end_date?.slice(0, 10) ?? '',
    isCurrent: record?.is_current ?? false,
  }),
  request: (values: PlaceAndPeriodValues): PlaceAndPeriodRecord => ({
    localization: placeRequest(values.localization),
    start_date: values.startDate,
    end_date: values.isCurrent || values.endDate === '' ? null : values.endDate,
    is_current: values.isCurrent,
  }),
};

/**
 * The server names the parts of a CAR method `car_method.context`...; the
 * forms hold them as `carContext`... This renames them before the 422's errors
 * go onto the form.
 */
export function withFlatCarErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, codes] of Object.entries(error.errors)) {
    const part = /^car_method[.[](context|actions|results)/.exec(field)?.[1];
    errors[part ? `car_${part}` : field] = codes;
  }
  return new ApiError(error.status, error.code, error.message, errors, error.retryAfter);
}
