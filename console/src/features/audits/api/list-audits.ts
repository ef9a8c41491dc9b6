// GET /manage/audits: ledger verification runs, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const auditsKey = ['audits'] as const;

export const auditsQuery = () =>
  infiniteQueryOptions({
    queryKey: auditsKey,
    queryFn: ({ pageParam }) => api.get<Page<AuditView>>('/manage/audits', { limit: 20, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAudits = () => useInfiniteQuery(auditsQuery());
