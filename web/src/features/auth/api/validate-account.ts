// The link of the sign-up email: validating the address does not log the user
// in (the link proves the address, not the password); they log in next.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function validateAccount(token: string): Promise<void> {
  await api.post<void>(`/api/user/validation-tokens/validate/${encodeURIComponent(token)}`, undefined, {
    silent: true,
    anonymousAllowed: true,
  });
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
