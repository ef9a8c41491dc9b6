// GET /manage/tasks/projects/:projectId/items: a project's items by link, status, batch, effectiveness, claimer, team
// share and rework, or the caller's own.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, TaskItemsQuery } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { type TaskItem, type TaskItemStatus, tasksKey } from './task-item';

export interface TaskItemsFilter {
  linkId?: string;
  status?: TaskItemStatus;
  batchId?: string;
  effectiveness?: NonNullable<TaskItemsQuery['effectiveness']>;
  claimerId?: string;
  teamId?: string;
  rework?: boolean;
  /** Only the caller's own: the items it holds and the rework waiting for it. */
  mine?: boolean;
}

export const taskItemsPageSize = 50;

const flag = (on: boolean | undefined) => (on === undefined ? undefined : String(on));

export const taskItemsQuery = (projectId: string, filter: TaskItemsFilter) =>
  infiniteQueryOptions({
    queryKey: [...tasksKey, 'items', projectId, filter],
    queryFn: ({ pageParam }) =>
      api.get<Page<TaskItem>>(`/manage/tasks/projects/${projectId}/items`, {
        linkId: filter.linkId,
        status: filter.status,
        batchId: filter.batchId,
        effectiveness: filter.effectiveness,
        claimerId: filter.claimerId,
        teamId: filter.teamId,
        rework: flag(filter.rework),
        mine: filter.mine ? 'true' : undefined,
        limit: taskItemsPageSize,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useTaskItems = (projectId: string, filter: TaskItemsFilter) => useInfiniteQuery(taskItemsQuery(projectId, filter));
