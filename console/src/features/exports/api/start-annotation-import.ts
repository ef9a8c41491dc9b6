// Starts an annotation import: the files go up as one multipart form and the answer (202) names the import to follow;
// an export with its images is the batch's import instead, followed on the batch's page.
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export interface AnnotationImportStarted {
  importId: string;
  /** The upload shipped pictures: the batch's import registers them, then reads their annotations. */
  batchImport: boolean;
}

export interface StartAnnotationImportInput {
  batchId: string;
  format: string;
  mode: 'all' | 'good';
  files: File[];
}

export function useStartAnnotationImport() {
  return useMutation({
    mutationFn: async ({ batchId, format, mode, files }: StartAnnotationImportInput) => {
      const body = new FormData();
      body.append('format', format);
      body.append('mode', mode);
      // A folder's files go under their paths inside it, as its zip would hold them.
      for (const file of files) body.append('file', file, file.webkitRelativePath || file.name);
      return (await request<AnnotationImportStarted>('POST', `/manage/batches/${batchId}/annotation-imports`, { body })).data;
    },
  });
}
