// GET /manage/quality/projects/:projectId/acceptance: a project's acceptance batches by sequence, and how many items may go in new ones.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceBatchRow } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { acceptanceKey } from './quality-keys';

export const acceptanceBatchesQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...acceptanceKey(projectId), 'list'],
    queryFn: () => api.get<{ items: AcceptanceBatchRow[]; eligible: number }>(`/manage/quality/projects/${projectId}/acceptance`),
  });

export const useAcceptanceBatches = (projectId: string) => useQuery({ ...acceptanceBatchesQuery(projectId), enabled: isUuid(projectId) });
