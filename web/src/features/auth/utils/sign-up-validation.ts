// The checks of the candidate sign-up, run in the browser before the call.
// They mirror the server's rules for a base user (spec §5): every field is
// required, the email and the phone must look like ones (the server's tests),
// the birthdate must be a real date of someone aged 15 to 120, the password
// follows the shared policy. Each failure is the server's rule code, so one
// set of messages serves both.
import { apiBounds } from '@/api/bounds';
import { isAtLeast, isValidPhone, parseIsoDate } from '@/lib/person-rules';
import type { Located, LocalizationValue } from '@/components/localization-picker/localization-value';
import type { FormRuleCode } from '@/lib/form/rule-messages';
import { rulesSchema } from '@/lib/form/rules-schema';
import { isPasswordValid } from './password-policy';

export type CandidateSignUpValues = {
  firstname: string;
  lastname: string;
  birthdate: string;
  email: string;
  phone: string;
  localization: LocalizationValue | null;
  /** What is typed in the place field: text without a chosen place is not a place. */
  localizationText: string;
  password: string;
  passwordConfirmation: string;
  consent: boolean;
  /** The optional product news email: unticked until the person ticks it (marketing is opt-in). */
  productNews: boolean;
};

export type SignUpField = keyof CandidateSignUpValues;

/** Rule codes of the server, plus the two checks only the form makes. */
export type RuleCode = Extract<
  FormRuleCode,
  | 'required'
  | 'invalid_email'
  | 'invalid_phone'
  | 'password_policy'
  | 'too_long'
  | 'invalid_date'
  | 'too_young'
  | 'invalid_localization'
  | 'password_mismatch'
  | 'consent_required'
  | 'invalid'
>;

export type SignUpErrors = Partial<Record<SignUpField, RuleCode>>;

export const emptySignUpValues: CandidateSignUpValues = {
  firstname: '',
  lastname: '',
  birthdate: '',
  email: '',
  phone: '',
  localization: null,
  localizationText: '',
  password: '',
  passwordConfirmation: '',
  consent: false,
  productNews: false,
};

export const minimumAge = 15;
export const maximumAge = 120;

/** Longest accepted text per field (the server's document). */
export const maxLengths: Partial<Record<SignUpField, number>> = {
  firstname: apiBounds.IdentityFields.firstname.maxLength,
  lastname: apiBounds.IdentityFields.lastname.maxLength,
  email: apiBounds.IdentityFields.email.maxLength,
  phone: apiBounds.CandidateSignUpRequest.phone.maxLength,
};

const emailPattern = new RegExp(apiBounds.IdentityFields.email.pattern, 'u');

/** The server's test: one "@" with something before it, a dot inside the domain, no spaces. */
export function isValidEmail(email: string): boolean {
  return emailPattern.test(email.trim());
}

export { isAtLeast, isValidPhone, parseIsoDate };

function text(values: CandidateSignUpValues, field: 'firstname' | 'lastname' | 'email' | 'phone'): RuleCode | undefined {
  const value = values[field].trim();
  if (value === '') return 'required';
  const max = maxLengths[field];
  if (max !== undefined && value.length > max) return 'too_long';
  return undefined;
}

/** The first failing rule of `field`, or undefined when it is valid. */
export function validateSignUpField(field: SignUpField, values: CandidateSignUpValues, today = new Date()): RuleCode | undefined {
  switch (field) {
    case 'firstname':
    case 'lastname':
      return text(values, field);
    case 'phone':
      return text(values, 'phone') ?? (isValidPhone(values.phone) ? undefined : 'invalid_phone');
    case 'email':
      return text(values, 'email') ?? (isValidEmail(values.email) ? undefined : 'invalid_email');
    case 'birthdate': {
      if (values.birthdate.trim() === '') return 'required';
      const birth = parseIsoDate(values.birthdate.trim());
      if (birth === null) return 'invalid_date';
      const dayNumber = (year: number, month: number, day: number) => year * 10_000 + month * 100 + day;
      if (dayNumber(birth.year, birth.month, birth.day) > dayNumber(today.getFullYear(), today.getMonth() + 1, today.getDate())) {
        return 'invalid_date';
      }
      // Older than 120 is a typing mistake, as for the server.
      if (isAtLeast(birth, maximumAge + 1, today)) return 'invalid_date';
      return isAtLeast(birth, minimumAge, today) ? undefined : 'too_young';
    }
    case 'localization':
      if (values.localization !== null) return undefined;
      return values.localizationText.trim() === '' ? 'required' : 'invalid_localization';
    case 'password':
      if (values.password === '') return 'required';
      return isPasswordValid(values.password, values.email) ? undefined : 'password_policy';
    case 'passwordConfirmation':
      if (values.passwordConfirmation === '') return 'required';
      return values.passwordConfirmation === values.password ? undefined : 'password_mismatch';
    case 'consent':
      return values.consent ? undefined : 'consent_required';
    default:
      return undefined;
  }
}

/** Checks `fields` and returns the failures (empty when all pass). */
export function validateSignUpFields(fields: readonly SignUpField[], values: CandidateSignUpValues, today = new Date()): SignUpErrors {
  const errors: SignUpErrors = {};
  for (const field of fields) {
    const rule = validateSignUpField(field, values, today);
    if (rule) errors[field] = rule;
  }
  return errors;
}

/** The body of the sign-up call. */
export function toSignUpRequest(values: Located<CandidateSignUpValues>, locale: string) {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    password: values.password,
    phone: values.phone.trim(),
    birthdate: values.birthdate.trim(),
    localization: values.localization,
    consent: values.consent,
    product_news: values.productNews,
    locale: (locale === 'en' ? 'en' : 'fr') as 'fr' | 'en',
  };
}

const allFields = Object.keys(emptySignUpValues) as SignUpField[];

/** The zod schema of the form: the rules above, each failure carrying its rule code. */
export const signUpSchema = rulesSchema<CandidateSignUpValues>((values) => validateSignUpFields(allFields, values));
