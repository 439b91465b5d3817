// The link sent to the former address after an email change ("this was not
// me"): following it puts that address back, voids the password and every
// session, and mails a link to choose a new password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function restoreEmail(token: string): Promise<void> {
  return api.post<void>(`/api/user/restored-email-tokens/${encodeURIComponent(token)}`, undefined, {
    silent: true,
    anonymousAllowed: true,
  });
}

export function useRestoreEmail() {
  return useMutation({ mutationFn: restoreEmail });
}
