// GET /manage/items/projects/:projectId: a project's items by link, status, batch, effectiveness, claimer, team
// share and rework, or the caller's own.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, ItemsQuery } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { type ItemRow, type ItemListStatus, itemsKey } from './item';

export interface ItemsFilter {
  linkId?: string;
  status?: ItemListStatus;
  batchId?: string;
  effectiveness?: NonNullable<ItemsQuery['effectiveness']>;
  claimerId?: string;
  teamId?: string;
  rework?: boolean;
  /** Only the caller's own: the items it holds and the rework waiting for it. */
  mine?: boolean;
}

export const itemsPageSize = 50;

const flag = (on: boolean | undefined) => (on === undefined ? undefined : String(on));

export const itemListQuery = (projectId: string, filter: ItemsFilter) =>
  infiniteQueryOptions({
    queryKey: [...itemsKey, 'items', projectId, filter],
    queryFn: ({ pageParam }) =>
      api.get<Page<ItemRow>>(`/manage/items/projects/${projectId}`, {
        linkId: filter.linkId,
        status: filter.status,
        batchId: filter.batchId,
        effectiveness: filter.effectiveness,
        claimerId: filter.claimerId,
        teamId: filter.teamId,
        rework: flag(filter.rework),
        mine: filter.mine ? 'true' : undefined,
        limit: itemsPageSize,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useItems = (projectId: string, filter: ItemsFilter) => useInfiniteQuery(itemListQuery(projectId, filter));
