// GET /manage/quality/acceptance/:batchId: one batch with its items' verdicts and marks, and what the PM may do with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceBatchDetail } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { qualityManageKey } from './quality-keys';

export const acceptanceBatchQuery = (batchId: string) =>
  queryOptions({ queryKey: [...qualityManageKey, 'acceptance-batch', batchId], queryFn: () => api.get<AcceptanceBatchDetail>(`/manage/quality/acceptance/${batchId}`) });

export const useAcceptanceBatch = (batchId: string) => useQuery({ ...acceptanceBatchQuery(batchId), enabled: isUuid(batchId) });
