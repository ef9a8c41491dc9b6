// Marking messages read: one, or all received. The inbox is updated by the server a moment later, and the events
// stream says when; the list and badge show it at once meanwhile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unreadCountKey } from './get-unread-count';
import { messagesKey } from './get-messages';

export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | 'all') =>
      messageId === 'all' ? api.post('/manage/messages/read-all') : api.post(`/manage/messages/${messageId}/read`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: messagesKey });
      void client.invalidateQueries({ queryKey: unreadCountKey });
    },
  });
}
