// Choosing a new password from the link of a reset email; every session of the
// account ends, so the user logs in again afterwards.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
  return api.post<void>(`/api/user/reset-password-tokens/reset/${encodeURIComponent(token)}`, { password }, {
    silent: true,
    anonymousAllowed: true,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
