// POST /api/api/conversations/{id}/closure (204): either side closes a thread;
// it takes no more messages, and stays readable. The list and the thread are
// asked again, without holding the mutation: the confirmation closes first,
// and the focus it gives back is not lost when the thread then shows closed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

export function closeConversation(conversationId: number): Promise<void> {
  return api.post<void>(`/api/conversations/${conversationId}/closure`);
}

export function useCloseConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeConversation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.conversations() });
    },
  });
}
