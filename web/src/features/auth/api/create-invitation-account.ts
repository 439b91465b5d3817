// POST /api/api/school-invitations/{token}/account: the invited person sets a
// password and accepts the terms; the server creates their candidate account
// (with the invitation's names and email, attached to the school and campus)
// and logs them in, answering the user, who goes straight into the session as
// after a login (a session of a day).
import { useMutation } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { setSessionUser, type WhoAmI } from '@/lib/session';
import { rememberSessionFor, sessionLifetimeMs } from '@/lib/session-hint';

export type InvitationAccountInput = { token: string; password: string; consent: boolean };

export async function createInvitationAccount({ token, password, consent }: InvitationAccountInput): Promise<WhoAmI> {
  const body: Schemas['InvitationAccountRequest'] = { password, consent, locale: currentLocale() };
  const user = await api.post<WhoAmI>(`/api/school-invitations/${encodeURIComponent(token)}/account`, body, {
    silent: true,
    anonymousAllowed: true,
  });
  setSessionUser(user);
  rememberSessionFor(sessionLifetimeMs.short);
  return user;
}

export function useCreateInvitationAccount() {
  return useMutation({ mutationFn: createInvitationAccount });
}
