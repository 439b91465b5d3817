// Logging in with email and password; "remember me" keeps the session 30 days
// instead of one. The answer is the user, who goes straight into the session.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';

export type LoginInput = { email: string; password: string; remember: boolean };

export async function login({ email, password, remember }: LoginInput): Promise<WhoAmI> {
  const user = await api.post<WhoAmI>(
    '/api/auth/login',
    { username: email.trim(), password, remember },
    { silent: true, anonymousAllowed: true },
  );
  setSessionUser(user);
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
