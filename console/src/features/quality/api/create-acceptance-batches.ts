// POST /manage/quality/projects/:projectId/acceptance: acceptance batches split from the eligible items, for the acceptors named.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptanceCreated, CreateAcceptanceBody } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { acceptanceKey } from './quality-keys';

export function useCreateAcceptanceBatches(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAcceptanceBody) => api.post<AcceptanceCreated>(`/manage/quality/projects/${projectId}/acceptance`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: acceptanceKey(projectId) }),
  });
}
