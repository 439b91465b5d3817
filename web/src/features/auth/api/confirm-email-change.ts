// The link sent to a new email address: following it makes the change.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function confirmEmailChange(token: string): Promise<void> {
  return api.post<void>(`/api/user/renewal-email-tokens/${encodeURIComponent(token)}`, undefined, {
    silent: true,
    anonymousAllowed: true,
  });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
