// Puts the field errors of a server 422 (`{code, message, errors: {field:
// [rule, ...]}}`) onto a react-hook-form form, beside the fields that show
// them. Server names are snake_case ("start_at", "localization.lat"); a
// nested name counts for its root, and the root is matched to the form's
// camelCase field unless `rename` says otherwise. The first rule of a field
// wins; a rule the forms do not know shows as "invalid".
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { toFormRuleCode } from './rule-messages';

export type ServerErrorsResult<K extends string> = {
  /** The form fields that received an error, in the server's order. */
  fields: K[];
  /** Server fields the form does not show. */
  unmatched: string[];
};

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The 422's field errors, or null when `error` is not a validation failure. */
export function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  return error instanceof ApiError && error.status === 422 ? error.errors : null;
}

export function applyServerErrors<T extends FieldValues, K extends Path<T>>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly K[],
  rename: Partial<Record<string, K>> = {},
): ServerErrorsResult<K> | null {
  const errors = serverFieldErrors(error);
  if (errors === null) return null;
  const known = new Set<string>(fields);
  const result: ServerErrorsResult<K> = { fields: [], unmatched: [] };
  for (const [serverField, codes] of Object.entries(errors)) {
    const root = serverField.split(/[.[]/)[0] ?? serverField;
    const field = rename[root] ?? camelCase(root);
    const code = codes[0];
    if (!known.has(field) || code === undefined) {
      result.unmatched.push(serverField);
      continue;
    }
    const name = field as K;
    if (result.fields.includes(name)) continue;
    setError(name, { type: 'server', message: toFormRuleCode(code) });
    result.fields.push(name);
  }
  return result;
}
