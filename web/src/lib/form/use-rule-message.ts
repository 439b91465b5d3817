// Turns the rule code held by a form error into its sentence in the user's
// language, for the field components' `error` prop. A value out of range says
// the range when the field gives it ("Saisissez une valeur de 0 à 8."), with
// what it counts when it has a unit ("Saisissez une distance de 1 à 200 km."):
// the bounds are the server's (src/api/bounds.ts), the form passes them on.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleMessageKeysFor } from './rule-messages';

type ErrorLike = { message?: string } | string | null | undefined;

/** The limits of a numeric field, both included, and what they count. */
export type RuleRange = { readonly min: number; readonly max: number; readonly unit?: 'km' | 'months' };

/** The field, for a wording of its own, and its limits, for `out_of_range`. */
export type RuleContext = { field?: string; range?: RuleRange };

export function useRuleMessage() {
  const { t } = useTranslation('forms');
  return useCallback(
    (error: ErrorLike, context?: string | RuleContext): string | undefined => {
      const code = typeof error === 'string' ? error : error?.message;
      if (!code) return undefined;
      const { field, range } = typeof context === 'string' ? { field: context, range: undefined } : (context ?? {});
      if (code === 'out_of_range' && range) {
        const key = range.unit ? `errors.rules.out_of_range_${range.unit}` : 'errors.rules.out_of_range_between';
        return t(key, { min: range.min, max: range.max, count: range.max });
      }
      return t(ruleMessageKeysFor(code, field));
    },
    [t],
  );
}
