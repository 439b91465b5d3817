// The unsubscribe link at the bottom of notification emails.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function unsubscribeNotifications({ token, type }: { token: string; type: string }): Promise<void> {
  return api.post<void>('/api/notifications/unsubscribe', { token, type }, { silent: true, anonymousAllowed: true });
}

export function useUnsubscribeNotifications() {
  return useMutation({ mutationFn: unsubscribeNotifications });
}
