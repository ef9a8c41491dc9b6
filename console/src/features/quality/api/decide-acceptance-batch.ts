// POST /manage/quality/acceptance/:batchId/pass, /reject and /withdraw: the PM's word on a batch.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ifMatch, qualityManageKey } from './quality-keys';

export const acceptanceVerbs = ['pass', 'reject', 'withdraw'] as const;
export type AcceptanceVerb = (typeof acceptanceVerbs)[number];

export function useDecideAcceptanceBatch(batchId: string, version: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verb: AcceptanceVerb) => api.command<{ version: string; status: string }>(`/manage/quality/acceptance/${batchId}/${verb}`, {}, ifMatch(version)),
    onSettled: () => client.invalidateQueries({ queryKey: qualityManageKey }),
  });
}
