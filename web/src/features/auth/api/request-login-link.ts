// Asking for a one-time login link by email. The server answers the same
// whether the account exists or not.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function requestLoginLink(email: string): Promise<void> {
  return api.post<void>('/api/auth/login-links', { email: email.trim() }, { silent: true });
}

export function useRequestLoginLink() {
  return useMutation({ mutationFn: requestLoginLink });
}
