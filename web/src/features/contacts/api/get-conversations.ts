// GET /api/api/conversations: the caller's threads (candidate or partner), the
// latest message first, each with the other side's name, company and email
// and how many of their messages are unread, and the unread total the
// dashboard's navigation shows. The messages page polls it every 15 seconds,
// the navigation every minute (the smaller interval wins while both are on
// screen); neither polls while the tab is hidden. Silent: a failed poll must
// not raise a toast every few seconds, the page says it in place of the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

export type ConversationSummary = Schemas['ConversationSummary'];
export type ConversationList = Schemas['ConversationList'];

/** How often an open messages page asks for new messages. */
export const conversationPollMs = 15_000;

/** How often the navigation asks for the unread count (it also asks when the window regains focus). */
export const unreadPollMs = 60_000;

export function getConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api.get<ConversationList>('/api/conversations', { signal, silent: true });
}

export function getConversationsQueryOptions(refetchInterval: number) {
  return queryOptions({
    queryKey: contactKeys.conversations(),
    queryFn: ({ signal }) => getConversations(signal),
    refetchInterval,
    refetchOnWindowFocus: true,
  });
}

export function useConversations(refetchInterval = conversationPollMs) {
  return useQuery(getConversationsQueryOptions(refetchInterval));
}
