// A zod schema made of a form's rule function. Several forms mirror the
// server's rules in plain, unit-tested functions (values in, `{field: code}`
// out); this turns such a function into the zod schema react-hook-form's
// resolver runs, so the rules exist once and every issue carries its rule
// code as its message. `oncePerValues` lets the several readers of one form's
// rules (its resolver, the page around it) share one run per change.
import { z } from 'zod';

export type RuleErrors<T> = Partial<Record<keyof T & string, string>>;

export function rulesSchema<T extends object>(validate: (values: T) => RuleErrors<T>) {
  return z.custom<T>((value) => typeof value === 'object' && value !== null).superRefine((values, context) => {
    const errors = validate(values);
    for (const [field, code] of Object.entries(errors)) {
      if (typeof code === 'string') context.addIssue({ code: 'custom', path: [field], message: code });
    }
  });
}

/**
 * `validate`, run again only for values that differ (by content) from the
 * last call's: the last values' errors are kept and handed to every caller.
 */
export function oncePerValues<T, Errors>(validate: (values: T) => Errors): (values: T) => Errors {
  let last: { key: string; errors: Errors } | null = null;
  return (values) => {
    const key = JSON.stringify(values);
    if (last === null || last.key !== key) last = { key, errors: validate(values) };
    return last.errors;
  };
}
