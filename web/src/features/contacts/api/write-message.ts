// POST /api/api/conversations/{id}/messages (201 with the message): a message
// of 1 to 5,000 characters in an open thread. The message joins the thread at
// once and the list is asked again (its order and dates change). 409
// `conversation_closed` when the other side closed it meanwhile: the thread is
// asked again, and shows it closed. Silent: the composer says what failed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api, ApiError } from '@/lib/api-client';
import type { Conversation, Message } from './get-conversation';
import { contactKeys } from './query-keys';

export type MessageCreate = Schemas['MessageCreate'];

export function writeMessage(conversationId: number, body: string): Promise<Message> {
  return api.post<Message>(`/api/conversations/${conversationId}/messages`, { body } satisfies MessageCreate, { silent: true });
}

export function useWriteMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => writeMessage(conversationId, body),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(contactKeys.conversation(conversationId), (thread) =>
        thread && !thread.messages.some((known) => known.id === message.id) ? { ...thread, messages: [...thread.messages, message] } : thread,
      );
      return queryClient.invalidateQueries({ queryKey: contactKeys.conversations(), exact: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'conversation_closed') {
        return queryClient.invalidateQueries({ queryKey: contactKeys.conversations() });
      }
    },
  });
}
