// The export page's calls: what the form offers, the export records (kept fresh while any is at work), a new export,
// a download through its ticket, and an annotation import.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportOptions, ExportView, RequestExportInput } from '@annot/workflows';
import { api, request } from '@/lib/api-client';
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

export interface AnnotationImportResult {
  items: number;
  objects: number;
  refusals: { source: string; message: string }[];
  warnings: { source: string; message: string }[];
  dropped: { files: string[]; objects: string[] };
}

/** An export with its images is not imported at once: the batch's import registers its pictures, then reads its annotations. */
export type AnnotationUploadAnswer = AnnotationImportResult | { importId: string };

export function useImportAnnotations() {
  return useMutation({
    mutationFn: async ({ batchId, format, mode, files }: { batchId: string; format: string; mode: 'all' | 'good'; files: File[] }) => {
      const body = new FormData();
      body.append('format', format);
      body.append('mode', mode);
      // A folder's files go under their paths inside it, as its zip would hold them.
      for (const file of files) body.append('file', file, file.webkitRelativePath || file.name);
      return (await request<AnnotationUploadAnswer>('POST', `/manage/batches/${batchId}/annotations`, { body })).data;
    },
  });
}
