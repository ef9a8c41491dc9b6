// A reader's notices: the published announcements whose scope names them, newest first, and one of them.
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NoticeSummary, NoticeView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const noticesKey = ['notices'] as const;

export const noticesQuery = (limit: number) =>
  infiniteQueryOptions({
    queryKey: [...noticesKey, 'list', limit],
    queryFn: ({ pageParam }) => api.get<Page<NoticeSummary>>('/manage/notices', { limit, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useNotices = (limit = 20, enabled = true) => useInfiniteQuery({ ...noticesQuery(limit), enabled });

export const useNotice = (id: string) => useQuery({ queryKey: [...noticesKey, 'one', id], queryFn: () => api.get<NoticeView>(`/manage/notices/${id}`), enabled: isUuid(id) });
