// GET /manage/tasks/projects/:projectId/counts: how many items each link holds in each status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TaskItemStatus, tasksKey } from './task-item';

export interface TaskCount {
  linkId: string | null;
  status: TaskItemStatus;
  count: number;
}

export const taskCountsQuery = (projectId: string) =>
  queryOptions({ queryKey: [...tasksKey, 'counts', projectId], queryFn: () => api.get<TaskCount[]>(`/manage/tasks/projects/${projectId}/counts`) });

export const useTaskCounts = (projectId: string) => useQuery(taskCountsQuery(projectId));
