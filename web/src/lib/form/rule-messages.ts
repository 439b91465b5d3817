// Which message a broken rule shows. A form error always carries a rule code
// (the server's `RuleCode`, or one of the two checks only a form makes), never
// a sentence: the text is looked up when it is shown, in the `forms`
// namespace, so it follows the language switch. A field may word a rule its
// own way (`errors.fields.<field>.<code>`, e.g. a date of birth).
import type { RuleCode } from '@/api/codes';

/** Checks the browser makes that the server has no field for. */
export type ClientRuleCode = 'password_mismatch' | 'consent_required';

export type FormRuleCode = RuleCode | ClientRuleCode;

/**
 * Every code a form may show, with its message key. Typed by the server's
 * union: a code the server drops (or adds) makes this table fail `tsc`.
 */
export const ruleMessageKeys = {
  required: 'errors.rules.required',
  too_long: 'errors.rules.too_long',
  too_short: 'errors.rules.too_short',
  out_of_range: 'errors.rules.out_of_range',
  invalid_date: 'errors.rules.invalid_date',
  invalid_email: 'errors.rules.invalid_email',
  invalid_phone: 'errors.rules.invalid_phone',
  invalid_localization: 'errors.rules.invalid_localization',
  unknown: 'errors.rules.unknown',
  invalid: 'errors.rules.invalid',
  duplicate: 'errors.rules.duplicate',
  password_policy: 'errors.rules.password_policy',
  password_too_weak: 'errors.rules.password_too_weak',
  wrong_password: 'errors.rules.wrong_password',
  too_young: 'errors.rules.too_young',
  matching_parameter_required: 'errors.rules.matching_parameter_required',
  query_parameter_expected: 'errors.rules.invalid',
  one_of_city_department_region_country: 'errors.rules.invalid',
  one_of_all: 'errors.rules.invalid',
  too_few: 'errors.rules.too_few',
  too_many: 'errors.rules.too_many',
  end_before_start: 'errors.rules.end_before_start',
  unsupported_file_type: 'errors.rules.unsupported_file_type',
  unreadable_image: 'errors.rules.unreadable_image',
  password_mismatch: 'errors.rules.password_mismatch',
  consent_required: 'errors.rules.consent_required',
  http_url_expected: 'errors.rules.http_url_expected',
  disc_group_unanswered: 'errors.rules.disc_group_unanswered',
  disc_group_answered_twice: 'errors.rules.disc_group_answered_twice',
  disc_answer_not_in_group: 'errors.rules.disc_answer_not_in_group',
  too_many_rows: 'errors.rules.too_many_rows',
  missing_column: 'errors.rules.missing_column',
  unreadable_file: 'errors.rules.unreadable_file',
  date_in_the_past: 'errors.rules.date_in_the_past',
} as const satisfies Record<FormRuleCode, `errors.rules.${string}`>;

export function isFormRuleCode(code: string): code is FormRuleCode {
  return Object.hasOwn(ruleMessageKeys, code);
}

/** A server code the forms know, else `invalid` ("this value is not accepted"). */
export function toFormRuleCode(code: string): FormRuleCode {
  return isFormRuleCode(code) ? code : 'invalid';
}

/** The keys (in the `forms` namespace) to try for `code` on `field`, most specific first. */
export function ruleMessageKeysFor(code: string, field?: string): string[] {
  const generic = ruleMessageKeys[toFormRuleCode(code)];
  return field ? [`errors.fields.${field}.${code}`, generic] : [generic];
}
