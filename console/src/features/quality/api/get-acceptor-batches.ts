// GET /manage/quality/acceptance/projects/:projectId/batches: the project's batches that name the acceptor.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceBatchRow } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { qualityKey } from './quality-keys';

export const acceptorBatchesQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...qualityKey, 'acceptance', 'projects', projectId, 'batches'],
    queryFn: async () => (await api.get<{ items: AcceptanceBatchRow[] }>(`/manage/quality/acceptance/projects/${projectId}/batches`)).items,
  });

export const useAcceptorBatches = (projectId: string) => useQuery({ ...acceptorBatchesQuery(projectId), enabled: isUuid(projectId) });
