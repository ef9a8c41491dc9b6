// The export page's calls: what the form offers, the export records (kept fresh while any is at work), a new export,
// a download through its ticket. An annotation import has its own calls beside this file.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportOptions, ExportView, RequestExportInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const exportsKey = (projectId: string) => ['exports', projectId] as const;

export const useExportOptions = (projectId: string) =>
  useQuery({ queryKey: [...exportsKey(projectId), 'options'], queryFn: () => api.get<ExportOptions>(`/manage/projects/${projectId}/export-options`), enabled: isUuid(projectId) });

const atWork = (records: ExportView[] | undefined) => (records ?? []).some((r) => r.status === 'queued' || r.status === 'running');

/** The newest records; polled every few seconds while one is queued or running, besides the live job progress. */
export const useExportRecords = (projectId: string) =>
  useQuery({
    queryKey: [...exportsKey(projectId), 'records'],
    queryFn: async () => (await api.get<{ items: ExportView[] }>(`/manage/projects/${projectId}/exports`, { limit: 50 })).items,
    enabled: isUuid(projectId),
    refetchInterval: (query) => (atWork(query.state.data) ? 3_000 : false),
  });

export function useRequestExport(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestExportInput) => api.post<{ exportId: string }>(`/manage/projects/${projectId}/exports`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey(projectId) }),
  });
}

/** The browser fetches the archive itself through an hour's ticket, so it streams to disk and can resume. */
export async function downloadExport(exportId: string): Promise<void> {
  const { url } = await api.post<{ url: string }>(`/manage/exports/${exportId}/download-tickets`);
  const link = Object.assign(document.createElement('a'), { href: url });
  link.click();
}
