// The partner's notifications (candidates who started to match a saved search
// with alerts): the list, the unread count the bell polls, and marking them read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type NotificationItem = Schemas['Notification'];
export type NotificationList = Schemas['NotificationList'];

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
};

/** How often the bell asks for the unread count (it also asks when the window regains focus). */
export const unreadPollMs = 30_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api.get<Schemas['UnreadCount']>('/api/notifications/unread', { signal }),
    refetchInterval: unreadPollMs,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => api.get<NotificationList>('/api/notifications', { signal }),
    refetchOnWindowFocus: true,
  });
}

function useNotificationMutation<Variables>(call: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkRead() {
  return useNotificationMutation((id: number) => api.post<void>(`/api/notifications/${id}/read`));
}

export function useMarkAllRead() {
  return useNotificationMutation(() => api.post<void>('/api/notifications/read'));
}
