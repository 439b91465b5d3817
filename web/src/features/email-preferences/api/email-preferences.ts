// Which notification emails the user receives (GET and PUT
// /api/api/user/notifications): the switches the unsubscribe link of each
// email turns off, which the settings turn back on.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type EmailPreferences = Schemas['NotificationPreferences'];
export type NotificationType = EmailPreferences['preferences'][number]['type'];

const preferencesKey = ['email-preferences'] as const;

export function useEmailPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<EmailPreferences>('/api/user/notifications', { signal }),
  });
}

export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { type: NotificationType; subscribed: boolean }) =>
      api.request<EmailPreferences>('/api/user/notifications', { method: 'PUT', body: change }),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
  });
}
