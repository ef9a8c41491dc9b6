// A project's batches: list and create, upload a zip or import a path, the lifecycle verbs, items and the failure file.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchSummary, BatchUploadType, BatchItemView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export const batchesKey = ['batches'] as const;

export const batchesQuery = (projectId: string) =>
  queryOptions({ queryKey: [...batchesKey, projectId], queryFn: () => api.get<BatchSummary[]>(`/manage/projects/${projectId}/batches`) });
export const useBatches = (projectId: string) => useQuery(batchesQuery(projectId));

export const itemsQuery = (batchId: string) =>
  infiniteQueryOptions({
    queryKey: [...batchesKey, 'items', batchId],
    queryFn: ({ pageParam }) => api.get<Page<BatchItemView>>(`/manage/batches/${batchId}/items`, { limit: 50, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const useBatchItems = (batchId: string) => useInfiniteQuery(itemsQuery(batchId));

export type BatchChange =
  | { kind: 'create'; projectId: string; name: string; priority: number; uploadType: BatchUploadType }
  | { kind: 'upload'; batchId: string; file: File }
  | { kind: 'import'; batchId: string; path: string }
  | { kind: 'pause'; batchId: string; pauseKind: 'annotation' | 'inspection' }
  | { kind: 'resume' | 'stop' | 'delete'; batchId: string };

function send(change: BatchChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return api.post(`/manage/projects/${change.projectId}/batches`, { name: change.name, priority: change.priority, uploadType: change.uploadType });
    case 'upload': {
      const form = new FormData();
      form.append('file', change.file);
      return api.post(`/manage/batches/${change.batchId}/upload`, form);
    }
    case 'import':
      return api.post(`/manage/batches/${change.batchId}/import`, { path: change.path });
    case 'pause':
      return api.post(`/manage/batches/${change.batchId}/pause`, { kind: change.pauseKind });
    default:
      return api.post(`/manage/batches/${change.batchId}/${change.kind}`);
  }
}

export function useChangeBatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: batchesKey }) });
}

export const downloadFailures = (batch: BatchSummary) => downloadFile(`/manage/batches/${batch.id}/failures`, `${batch.name}-failures.csv`);
