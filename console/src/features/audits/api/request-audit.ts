// POST /manage/audits: asks the worker to re-check the ledger's hash chain.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditsKey } from './list-audits';

export const requestAudit = () => api.post<{ auditId: string; version: string }>('/manage/audits', {});

export function useRequestAudit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: requestAudit, onSuccess: () => client.invalidateQueries({ queryKey: auditsKey }) });
}
