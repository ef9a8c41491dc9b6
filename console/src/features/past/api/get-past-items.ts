// GET /manage/past/projects/:projectId/items: a project's items as they stood at a moment, by link and status, page by
// page; every page after the first asks for the moment the first was read at, so "now" stays one moment.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PastItemsPage, PastItemStatus } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';
import { type MomentChoice, momentSearch } from './moment';

export interface PastItemsFilter {
  linkId?: string;
  status?: PastItemStatus;
}

export const pastItemsPageSize = 50;

export const pastItemsQuery = (projectId: string, moment: MomentChoice, filter: PastItemsFilter) =>
  infiniteQueryOptions({
    queryKey: [...pastKey, 'project-items', projectId, momentSearch(moment), filter],
    queryFn: ({ pageParam }) =>
      api.get<PastItemsPage>(`/manage/past/projects/${projectId}/items`, {
        ...(pageParam ? pageParam.moment : momentSearch(moment)),
        linkId: filter.linkId,
        status: filter.status,
        limit: pastItemsPageSize,
        cursor: pageParam?.cursor,
      }),
    initialPageParam: undefined as { cursor: string; moment: PastItemsPage['moment'] } | undefined,
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, moment: last.moment } : undefined),
    // A moment in the past never changes; "now" is read again when the reader comes back.
    staleTime: moment.kind === 'now' ? 0 : Infinity,
  });

export const usePastItems = (projectId: string, moment: MomentChoice, filter: PastItemsFilter) =>
  useInfiniteQuery({ ...pastItemsQuery(projectId, moment, filter), enabled: isUuid(projectId) });
