// POST /manage/quality/acceptance/:batchId/submit: every item judged, the batch goes to the PM.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { qualityKey } from './quality-keys';

export function useSubmitAcceptanceBatch(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ version: string }>(`/manage/quality/acceptance/${batchId}/submit`),
    onSuccess: () => client.invalidateQueries({ queryKey: qualityKey }),
  });
}
