// GET /manage/tasks/projects/:projectId/items: a project's items by link and status, or the caller's own in hand.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { type TaskItem, type TaskItemStatus, tasksKey } from './task-item';

export interface TaskItemsFilter {
  linkId?: string;
  status?: TaskItemStatus;
  /** Only the caller's own items in hand. */
  mine?: boolean;
}

export const taskItemsPageSize = 50;

export const taskItemsQuery = (projectId: string, filter: TaskItemsFilter) =>
  infiniteQueryOptions({
    queryKey: [...tasksKey, 'items', projectId, filter],
    queryFn: ({ pageParam }) =>
      api.get<Page<TaskItem>>(`/manage/tasks/projects/${projectId}/items`, {
        linkId: filter.linkId,
        status: filter.status,
        mine: filter.mine ? 'true' : undefined,
        limit: taskItemsPageSize,
        cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useTaskItems = (projectId: string, filter: TaskItemsFilter) => useInfiniteQuery(taskItemsQuery(projectId, filter));
