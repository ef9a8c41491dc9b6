// POST /manage/quality/sampling/:taskId/claim: the caller's own unjudged sample item, else the next unclaimed one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { qualityKey } from './quality-keys';

export const claimSampleItem = (taskId: string) => api.post<{ itemId: string; version: string }>(`/manage/quality/sampling/${taskId}/claim`);

export function useClaimSampleItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: claimSampleItem, onSettled: () => client.invalidateQueries({ queryKey: qualityKey }) });
}
