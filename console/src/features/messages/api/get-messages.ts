// GET /manage/messages: the reader's own messages, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';

export type MessageState = 'unread' | 'read' | 'all';
export const messagesKey = ['messages', 'list'] as const;

export const messagesQuery = (state: MessageState) =>
  infiniteQueryOptions({
    queryKey: [...messagesKey, state],
    queryFn: ({ pageParam }) => api.get<Page<MessageView> & { unread: number }>('/manage/messages', { state, cursor: pageParam ?? undefined, limit: 20 }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMessages = (state: MessageState) => useInfiniteQuery(messagesQuery(state));
