// The header badge's count, by the seed's two calls: taggers read GET /api/messages/unread_count (data.unread),
// everyone else GET /manage/home/noreadcount (data.count).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Role } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const unreadCountKey = ['messages', 'unread'] as const;

export const unreadCountQuery = (role: string) =>
  queryOptions({
    queryKey: [...unreadCountKey, role],
    queryFn: async () =>
      role === Role.Tagger
        ? (await api.get<{ unread: number }>('/api/messages/unread_count')).unread
        : (await api.get<{ count: number }>('/manage/home/noreadcount')).count,
  });

export const useUnreadCount = (role: string) => useQuery(unreadCountQuery(role));
