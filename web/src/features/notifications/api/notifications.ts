// The partner's notifications (candidates who started to match a saved search
// with alerts): the list, the unread count the bell shows (pushed by the
// server's live stream, polled as a fallback), and marking them read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Schemas } from '@/api/schemas';
import { api, apiBaseUrl } from '@/lib/api-client';

export type NotificationItem = Schemas['Notification'];
export type NotificationList = Schemas['NotificationList'];

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
};

/**
 * How often the bell asks for the unread count when the live stream is down
 * (it also asks when the window regains focus).
 */
export const unreadPollMs = 60_000;

/** The server-sent events of the unread count: one at once, then one per change. */
export const unreadEventsPath = `${apiBaseUrl}/api/notifications/events`;

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api.get<Schemas['UnreadCount']>('/api/notifications/unread', { signal }),
    refetchInterval: unreadPollMs,
    refetchOnWindowFocus: true,
  });
}

/**
 * Follows the unread count live while mounted: each event of the server's
 * stream replaces the cached count, and a change refreshes the list. The
 * browser reconnects a stream that ended by itself.
 */
export function useLiveUnreadCount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(unreadEventsPath);
    source.addEventListener('unread', (event: MessageEvent<string>) => {
      const { unread } = JSON.parse(event.data) as Schemas['UnreadCount'];
      const cached = queryClient.getQueryData<Schemas['UnreadCount']>(notificationKeys.unread());
      queryClient.setQueryData(notificationKeys.unread(), { unread });
      if (cached !== undefined && cached.unread !== unread) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      }
    });
    return () => source.close();
  }, [queryClient]);
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
