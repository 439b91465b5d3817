// Logging in through the one-time link of an email (a session of a day).
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';
import { rememberSessionFor, sessionLifetimeMs } from '@/lib/session-hint';

export async function loginWithToken(token: string): Promise<WhoAmI> {
  const user = await api.post<WhoAmI>('/api/auth/login/with-token', { token }, { silent: true, anonymousAllowed: true });
  setSessionUser(user);
  rememberSessionFor(sessionLifetimeMs.short);
  return user;
}

export function useLoginWithToken() {
  return useMutation({ mutationFn: loginWithToken });
}
