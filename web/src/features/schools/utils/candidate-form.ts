// The "add a candidate" form's values and rules (the server's: names, a
// well-formed email, a program of the campus; the parcours is optional).
import { z } from 'zod';
import type { RuleErrors } from '@/lib/form/rules-schema';
import type { CampusCandidateRequest } from '../api/school-types';

export type CandidateFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  program: string;
  parcours: string;
};

export const emptyCandidate: CandidateFormValues = { firstname: '', lastname: '', email: '', program: '', parcours: '' };

export function checkCandidate(values: CandidateFormValues): RuleErrors<CandidateFormValues> {
  const errors: RuleErrors<CandidateFormValues> = {};
  if (values.firstname.trim() === '') errors.firstname = 'required';
  if (values.lastname.trim() === '') errors.lastname = 'required';
  if (values.email.trim() === '') errors.email = 'required';
  else if (!z.email().safeParse(values.email.trim()).success) errors.email = 'invalid_email';
  if (values.program === '') errors.program = 'required';
  return errors;
}

export function candidateRequest(values: CandidateFormValues): CampusCandidateRequest {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    program: Number(values.program),
    parcours: values.parcours === '' ? null : Number(values.parcours),
  };
}
