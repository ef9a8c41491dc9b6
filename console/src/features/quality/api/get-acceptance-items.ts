// GET /manage/quality/acceptance/projects/:projectId/items: every item of the acceptor's batches in the project, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptanceItemStatus, AcceptorItemRow, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { qualityKey } from './quality-keys';

/** Where an item's acceptance stands: still to judge, passed or rejected by the acceptor. */
export type AcceptanceItemStatus = z.infer<typeof acceptanceItemStatus>;

/** No status: every item. */
export const acceptanceItemsQuery = (projectId: string, status: AcceptanceItemStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...qualityKey, 'acceptance', 'projects', projectId, 'items', status],
    queryFn: ({ pageParam }) =>
      api.get<Page<AcceptorItemRow>>(`/manage/quality/acceptance/projects/${projectId}/items`, { status, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAcceptanceItems = (projectId: string, status: AcceptanceItemStatus | null) => useInfiniteQuery({ ...acceptanceItemsQuery(projectId, status), enabled: isUuid(projectId) });
