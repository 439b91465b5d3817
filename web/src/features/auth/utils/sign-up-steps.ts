// The steps of the candidate sign-up and which fields each one holds, so that
// "next" checks only the fields on screen and a server error on a field can
// bring the user back to the step that shows it (and focus the field's input).
import type { SignUpField } from './sign-up-validation';

export type SignUpStep = { id: 'you' | 'contact' | 'password'; fields: readonly SignUpField[] };

export const signUpSteps: readonly SignUpStep[] = [
  { id: 'you', fields: ['firstname', 'lastname', 'birthdate'] },
  { id: 'contact', fields: ['email', 'phone', 'localization'] },
  { id: 'password', fields: ['password', 'passwordConfirmation', 'consent', 'productNews'] },
];

/** Every field shown by a step, in the order of the steps. */
export const signUpFields: readonly SignUpField[] = signUpSteps.flatMap((step) => step.fields);

/** The step (index) that shows `field`. */
export function stepOfField(field: SignUpField): number {
  return signUpSteps.findIndex((step) => step.fields.includes(field));
}

/** The earliest step showing one of `fields`, or null when none is shown. */
export function firstStepOf(fields: readonly SignUpField[]): number | null {
  const steps = fields.map(stepOfField).filter((index) => index >= 0);
  return steps.length === 0 ? null : Math.min(...steps);
}

/** The input of each field that has one (the place's typed text belongs to the place picker). */
export const signUpFieldIds: Record<Exclude<SignUpField, 'localizationText'>, string> = {
  firstname: 'signup-firstname',
  lastname: 'signup-lastname',
  birthdate: 'signup-birthdate',
  email: 'signup-email',
  phone: 'signup-phone',
  localization: 'signup-localization',
  password: 'signup-password',
  passwordConfirmation: 'signup-password-confirmation',
  consent: 'signup-consent',
  productNews: 'signup-product-news',
};
