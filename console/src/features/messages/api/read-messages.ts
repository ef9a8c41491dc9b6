// Marking messages read: one (an unread one), or all received. The inbox is updated by the server a moment later, and
// the events stream says when; the badge, the page's count and the rows change at once meanwhile, and are not read
// again before the stream says so, for a read in between would bring back the counts from before.
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { unreadCountKey } from './get-unread-count';
import { messagesKey } from './get-messages';

export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | 'all') =>
      messageId === 'all' ? api.post('/manage/messages/read-all') : api.post(`/manage/messages/${messageId}/read`),
    onSuccess: (_, messageId) => {
      const lower = (count: number) => (messageId === 'all' ? 0 : Math.max(0, count - 1));
      const readNow = (message: MessageView) => (!message.readAt && (messageId === 'all' || message.messageId === messageId) ? { ...message, readAt: new Date().toISOString() } : message);
      client.setQueriesData<number>({ queryKey: unreadCountKey }, (count) => (count === undefined ? count : lower(count)));
      client.setQueriesData<InfiniteData<Page<MessageView> & { unread: number }>>({ queryKey: messagesKey }, (list) =>
        list ? { ...list, pages: list.pages.map((page) => ({ ...page, unread: lower(page.unread), items: page.items.map(readNow) })) } : list,
      );
    },
  });
}
