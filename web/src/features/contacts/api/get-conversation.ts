// GET /api/api/conversations/{id}: one thread, its messages oldest first.
// Reading it marks the other side's messages read, so the list (and the
// navigation's unread count) is asked again when it had some unread here.
// Polled every 15 seconds while the page is visible; silent, as the list is.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { conversationPollMs, type ConversationList } from './get-conversations';
import { contactKeys } from './query-keys';

export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];

export function getConversation(id: number, signal?: AbortSignal): Promise<Conversation> {
  return api.get<Conversation>(`/api/conversations/${id}`, { signal, silent: true });
}

export function useConversation(id: number) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: contactKeys.conversation(id),
      queryFn: async ({ signal }) => {
        const conversation = await getConversation(id, signal);
        const listed = queryClient.getQueryData<ConversationList>(contactKeys.conversations());
        if (listed?.conversations.some((summary) => summary.id === id && summary.unread > 0)) {
          void queryClient.invalidateQueries({ queryKey: contactKeys.conversations(), exact: true });
        }
        return conversation;
      },
      refetchInterval: conversationPollMs,
      refetchOnWindowFocus: true,
    }),
  );
}
