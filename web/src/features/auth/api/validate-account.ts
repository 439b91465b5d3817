// The link of the sign-up email: validating the address also logs the user in.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';

export async function validateAccount(token: string): Promise<WhoAmI> {
  const user = await api.post<WhoAmI>(`/api/user/validation-tokens/validate/${encodeURIComponent(token)}`, undefined, {
    silent: true,
    anonymousAllowed: true,
  });
  setSessionUser(user);
  return user;
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
