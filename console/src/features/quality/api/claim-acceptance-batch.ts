// POST /manage/quality/acceptance/:batchId/claim: claims a batch; one held by another acceptor is answered 409
// ACCEPTANCE_CLAIMED until the claim is sent again with the acceptor's confirmation to take it over.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { qualityKey } from './quality-keys';

export const isClaimedByAnother = (error: unknown): boolean => error instanceof ApiError && error.errCode === 'ACCEPTANCE_CLAIMED';

export function useClaimAcceptanceBatch(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmTakeover: boolean) => api.post<{ version: string }>(`/manage/quality/acceptance/${batchId}/claim`, confirmTakeover ? { confirmTakeover } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: qualityKey }),
  });
}
