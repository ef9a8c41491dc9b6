// POST /manage/items/projects/:projectId/recycle-csv: the PM's CSV of data IDs or file names, recycled all at once or
// refused line by line; every work-loop query refreshes after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recycleCsvMaxBytes } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { itemsKey } from './item';

export { recycleCsvMaxBytes };

export interface RecycleCsvInput {
  file: File;
  target: 'annotation_pool' | 'same_link';
  keepResult: boolean;
}

export function recycleCsv(projectId: string, { file, target, keepResult }: RecycleCsvInput): Promise<{ items: number }> {
  const form = new FormData();
  form.append('file', file);
  form.append('target', target);
  form.append('keepResult', String(keepResult));
  return api.post<{ items: number }>(`/manage/items/projects/${projectId}/recycle-csv`, form);
}

export function useRecycleCsv(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecycleCsvInput) => recycleCsv(projectId, input),
    onSettled: () => void client.invalidateQueries({ queryKey: itemsKey }),
  });
}
