// The steps of the candidate sign-up and which fields each one holds, so that
// "next" checks only the fields on screen and a server error on a field can
// bring the user back to the step that shows it.
import type { FieldErrors } from '@/lib/api-client';
import type { RuleCode, SignUpErrors, SignUpField } from './sign-up-validation';

export type SignUpStep = { id: 'you' | 'contact' | 'password'; fields: readonly SignUpField[] };

export const signUpSteps: readonly SignUpStep[] = [
  { id: 'you', fields: ['firstname', 'lastname', 'birthdate'] },
  { id: 'contact', fields: ['email', 'phone', 'localization'] },
  { id: 'password', fields: ['password', 'passwordConfirmation', 'consent'] },
];

const knownRules = new Set<string>([
  'required',
  'invalid_email',
  'invalid_phone',
  'password_policy',
  'too_long',
  'invalid_date',
  'too_young',
  'invalid_localization',
  'password_mismatch',
  'consent_required',
]);

/** The step (index) that shows `field`. */
export function stepOfField(field: SignUpField): number {
  return signUpSteps.findIndex((step) => step.fields.includes(field));
}

const fieldNames = new Set<string>(signUpSteps.flatMap((step) => step.fields));

/** A server field name as one of the form's; nested names ("localization.lat") count for their root. */
function toFormField(serverField: string): SignUpField | null {
  const root = serverField.split(/[.[]/)[0] ?? serverField;
  return fieldNames.has(root) ? (root as SignUpField) : null;
}

export type MappedServerErrors = {
  /** One rule per field: the first one the server gave. */
  fields: SignUpErrors;
  /** The first step holding a failing field, or null when no field of the form failed. */
  step: number | null;
  /** Server fields the form does not show. */
  unmatched: string[];
};

/** Turns the `errors` of a 422 into errors beside the form's fields and the step to go back to. */
export function mapSignUpServerErrors(errors: FieldErrors): MappedServerErrors {
  const fields: SignUpErrors = {};
  const unmatched: string[] = [];
  let step: number | null = null;
  for (const [serverField, codes] of Object.entries(errors)) {
    const field = toFormField(serverField);
    const code = codes[0];
    if (field === null || code === undefined) {
      unmatched.push(serverField);
      continue;
    }
    if (fields[field] === undefined) fields[field] = (knownRules.has(code) ? code : 'invalid') as RuleCode;
    const index = stepOfField(field);
    if (step === null || index < step) step = index;
  }
  return { fields, step, unmatched };
}
