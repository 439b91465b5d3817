// Logging in with email and password; "remember me" keeps the session 30 days
// instead of one. The answer is the user, who goes straight into the session.
import { useMutation } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';
import { rememberSessionFor, sessionLifetimeMs } from '@/lib/session-hint';

export type LoginInput = { email: string; password: string; remember: boolean };

export async function login({ email, password, remember }: LoginInput): Promise<WhoAmI> {
  const body: Schemas['LoginRequest'] = { username: email.trim(), password, remember };
  const user = await api.post<WhoAmI>(
    '/api/auth/login',
    body,
    { silent: true, anonymousAllowed: true },
  );
  setSessionUser(user);
  rememberSessionFor(remember ? sessionLifetimeMs.remembered : sessionLifetimeMs.short);
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
