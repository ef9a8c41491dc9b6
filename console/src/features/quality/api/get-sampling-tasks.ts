// GET /manage/quality/projects/:projectId/sampling: a project's sampling tasks, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SamplingTaskRow } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { samplingKey } from './quality-keys';

export const samplingTasksQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...samplingKey(projectId), 'list'],
    queryFn: async () => (await api.get<{ items: SamplingTaskRow[] }>(`/manage/quality/projects/${projectId}/sampling`)).items,
  });

export const useSamplingTasks = (projectId: string) => useQuery({ ...samplingTasksQuery(projectId), enabled: isUuid(projectId) });
