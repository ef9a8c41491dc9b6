// POST /manage/tools/import with the chosen file's text; GET /manage/tools/:id/export downloads one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { toolsKey } from './list-tools';

export const importTool = (content: string) => api.post<{ id: string }>('/manage/tools/import', { content });

export function useImportTool() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importTool, onSuccess: () => client.invalidateQueries({ queryKey: toolsKey }) });
}

/** Downloads the export through fetch, so the token travels in a header rather than the address. */
export const exportTool = (id: string, name: string): Promise<void> => downloadFile(`/manage/tools/${id}/export`, `tool-${name}.json`);
