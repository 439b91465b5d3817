// The "invite a recruiter by email" form's values and rules, mirroring the
// server's: a well-formed address, a first and a last name, each within the
// server's lengths (read from its OpenAPI document), spaces around them aside.
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';
import type { RuleErrors } from '@/lib/form/rules-schema';
import type { RecruiterInvitationRequest } from '../api/recruiter-invitation-types';

export type RecruiterInvitationValues = {
  email: string;
  firstname: string;
  lastname: string;
};

export const emptyRecruiterInvitation: RecruiterInvitationValues = { email: '', firstname: '', lastname: '' };

const bounds = apiBounds.RecruiterInvitationRequest;

function checkText(value: string, maxLength: number): string | undefined {
  if (value.trim() === '') return 'required';
  if (value.trim().length > maxLength) return 'too_long';
  return undefined;
}

export function checkRecruiterInvitation(values: RecruiterInvitationValues): RuleErrors<RecruiterInvitationValues> {
  const errors: RuleErrors<RecruiterInvitationValues> = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'required';
  else if (email.length > bounds.email.maxLength) errors.email = 'too_long';
  else if (!z.email().safeParse(email).success) errors.email = 'invalid_email';
  const firstname = checkText(values.firstname, bounds.firstname.maxLength);
  if (firstname) errors.firstname = firstname;
  const lastname = checkText(values.lastname, bounds.lastname.maxLength);
  if (lastname) errors.lastname = lastname;
  return errors;
}

export function recruiterInvitationRequest(values: RecruiterInvitationValues): RecruiterInvitationRequest {
  return { email: values.email.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim() };
}
