// Asking for a password reset link. The server answers the same whether the
// account exists or not.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function requestPasswordReset(email: string): Promise<void> {
  return api.post<void>('/api/users/reset-password', { email: email.trim() }, { silent: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
