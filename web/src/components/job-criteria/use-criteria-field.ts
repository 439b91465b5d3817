// Binds one job-criteria field to the react-hook-form form of whichever page
// shows it. Both forms name the shared fields alike (`JobCriteriaValues`), so
// a section is written once against those names and works in either form.
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { type RuleRange, useRuleMessage } from '@/lib/form/use-rule-message';
import { degreeRange, durationRangeMonths, radiusRangeKm } from './criteria-rules';
import type { JobCriteriaValues } from './criteria-values';

/** A form holding the shared criteria (plus its own fields). */
export type CriteriaControl<T extends FieldValues> = Control<T>;

/** The shared fields, plus the contract field each form holds in its own way (several, or one). */
export type CriteriaFields = JobCriteriaValues & { contracts: number[]; contractType: number | null };

/** The limits an out-of-range message of these fields names. */
const fieldRanges: Partial<Record<keyof CriteriaFields, RuleRange>> = {
  duration: durationRangeMonths,
  radius: radiusRangeKm,
  degree: degreeRange,
};

export function useCriteriaField<T extends FieldValues, K extends keyof CriteriaFields>(
  control: CriteriaControl<T>,
  name: K,
  deps?: readonly (keyof CriteriaFields)[],
) {
  const ruleMessage = useRuleMessage();
  const { field, fieldState } = useController({
    control,
    name: name as unknown as Path<T>,
    rules: deps ? { deps: deps as Path<T>[] } : undefined,
  });
  return {
    value: field.value as CriteriaFields[K],
    onChange: (value: CriteriaFields[K]) => field.onChange(value),
    onBlur: field.onBlur,
    error: fieldState.error,
    /** The error in the user's language. */
    errorMessage: ruleMessage(fieldState.error, { range: fieldRanges[name] }),
  };
}
