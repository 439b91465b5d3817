// POST /api/api/recruiter-invitations/{token}/account: the invited recruiter
// names their company (and job title), may correct their names, sets a
// password and accepts the terms; the server creates their partner account
// (its address validated by the link, already linked to the school, waiting
// for an operator's approval for the rest) and logs them in, answering the
// user, who goes straight into the session as after a login (a session of a
// day). 409 `email_taken` when the address has an account meanwhile.
import { useMutation } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { setSessionUser, type WhoAmI } from '@/lib/session';
import { rememberSessionFor, sessionLifetimeMs } from '@/lib/session-hint';

export type RecruiterAccountInput = {
  token: string;
  password: string;
  consent: boolean;
  company: string;
  /** The job title; null when left blank. */
  role: string | null;
  firstname: string;
  lastname: string;
};

export async function createRecruiterAccount({ token, ...account }: RecruiterAccountInput): Promise<WhoAmI> {
  const body: Schemas['RecruiterAccountRequest'] = { ...account, locale: currentLocale() };
  const user = await api.post<WhoAmI>(`/api/recruiter-invitations/${encodeURIComponent(token)}/account`, body, {
    silent: true,
    anonymousAllowed: true,
  });
  setSessionUser(user);
  rememberSessionFor(sessionLifetimeMs.short);
  return user;
}

export function useCreateRecruiterAccount() {
  return useMutation({ mutationFn: createRecruiterAccount });
}
