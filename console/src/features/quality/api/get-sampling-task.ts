// GET /manage/quality/sampling/:taskId: a task with its current sample, its annotators, its errors and what the PM may do.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SamplingTaskView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { qualityManageKey } from './quality-keys';

export const samplingTaskQuery = (taskId: string) =>
  queryOptions({ queryKey: [...qualityManageKey, 'sampling-task', taskId], queryFn: () => api.get<SamplingTaskView>(`/manage/quality/sampling/${taskId}`) });

export const useSamplingTask = (taskId: string) => useQuery({ ...samplingTaskQuery(taskId), enabled: isUuid(taskId) });
