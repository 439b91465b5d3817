// The zod schemas of the small account forms (login, forgot password, reset
// password, the accounts of a school's invitations). Each issue's message is a
// rule code, translated where it is shown.
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';
import { isPasswordValid } from './password-policy';
import { isValidEmail } from './sign-up-validation';

/** An email field: required, and shaped like an address (the server's test). */
export const emailField = z
  .string()
  .refine((value) => value.trim() !== '', { error: 'required', abort: true })
  .refine(isValidEmail, 'invalid_email');

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'required'),
  remember: z.boolean(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** Both rules of the reset, checked together so a mismatch shows even while the password breaks the policy. */
export const resetPasswordSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine(({ password, confirmation }, context) => {
    const fail = (path: 'password' | 'confirmation', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (password === '') fail('password', 'required');
    else if (!isPasswordValid(password)) fail('password', 'password_policy');
    if (confirmation === '') fail('confirmation', 'required');
    else if (confirmation !== password) fail('confirmation', 'password_mismatch');
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/**
 * The account of an invitation link: a password meeting the policy (not
 * containing the invited address's local part), its confirmation, and the
 * consent to the terms of use, all checked together.
 */
export function invitationAccountSchema(email: string) {
  return z
    .object({ password: z.string(), confirmation: z.string(), consent: z.boolean() })
    .superRefine(({ password, confirmation, consent }, context) => {
      const fail = (path: 'password' | 'confirmation' | 'consent', message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (password === '') fail('password', 'required');
      else if (!isPasswordValid(password, email)) fail('password', 'password_policy');
      if (confirmation === '') fail('confirmation', 'required');
      else if (confirmation !== password) fail('confirmation', 'password_mismatch');
      if (!consent) fail('consent', 'consent_required');
    });
}
export type InvitationAccountValues = z.infer<ReturnType<typeof invitationAccountSchema>>;

const recruiterBounds = apiBounds.RecruiterAccountRequest;

/**
 * The account of a recruiter's invitation link: names (the school's, which
 * the recruiter may correct), the company, an optional job title, each within
 * the server's lengths, then the password, its confirmation and the consent,
 * as for a student's invitation.
 */
export function recruiterAccountSchema(email: string) {
  return z
    .object({
      firstname: z.string(),
      lastname: z.string(),
      company: z.string(),
      role: z.string(),
      password: z.string(),
      confirmation: z.string(),
      consent: z.boolean(),
    })
    .superRefine((values, context) => {
      const fail = (path: keyof typeof values, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      const text = (path: 'firstname' | 'lastname' | 'company' | 'role', maxLength: number, required: boolean) => {
        const value = values[path].trim();
        if (value === '' && required) fail(path, 'required');
        else if (value.length > maxLength) fail(path, 'too_long');
      };
      text('firstname', recruiterBounds.firstname.maxLength, true);
      text('lastname', recruiterBounds.lastname.maxLength, true);
      text('company', recruiterBounds.company.maxLength, true);
      text('role', recruiterBounds.role.maxLength, false);
      if (values.password === '') fail('password', 'required');
      else if (!isPasswordValid(values.password, email)) fail('password', 'password_policy');
      if (values.confirmation === '') fail('confirmation', 'required');
      else if (values.confirmation !== values.password) fail('confirmation', 'password_mismatch');
      if (!values.consent) fail('consent', 'consent_required');
    });
}
export type RecruiterAccountValues = z.infer<ReturnType<typeof recruiterAccountSchema>>;
