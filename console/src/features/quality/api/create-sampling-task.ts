// POST /manage/quality/projects/:projectId/sampling: a new sampling task with its first draw.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSamplingTaskInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { samplingKey } from './quality-keys';

export function useCreateSamplingTask(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSamplingTaskInput) => api.post<{ taskId: string; version: string }>(`/manage/quality/projects/${projectId}/sampling`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: samplingKey(projectId) }),
  });
}
