// POST /manage/tools/import with the chosen file's text; GET /manage/tools/:id/export downloads one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readToken } from '@/lib/auth-token';
import { currentApiLanguage } from '@/lib/i18n';
import { toolsKey } from './list-tools';

export const importTool = (content: string) => api.post<{ id: string }>('/manage/tools/import', { content });

export function useImportTool() {
  const client = useQueryClient();
  return useMutation({ mutationFn: importTool, onSuccess: () => client.invalidateQueries({ queryKey: toolsKey }) });
}

/** Downloads the export through fetch, so the token travels in a header rather than the address. */
export async function exportTool(id: string, name: string): Promise<void> {
  const response = await fetch(`/manage/tools/${id}/export`, {
    headers: { authorization: `Bearer ${readToken() ?? ''}`, 'x-language': currentApiLanguage() },
  });
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `tool-${name}.json` });
  link.click();
  URL.revokeObjectURL(url);
}
