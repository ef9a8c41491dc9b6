// A PM's annotation upload for a batch, as the import form sends it: started on the job route, then followed on the
// import's status route to its end, read in the uploader's language.
import type { AnnotationImportView } from '@annot/workflows';
import { call, eventually, type Platform } from './platform';

export interface UploadedFile {
  name: string;
  content: Buffer;
}

/** The route's own answer: 202 with the import's id, or a refusal at the gate, in the seed's envelope. */
export interface StartedImport {
  status: number;
  body: { code: number; message: string; data: any; errCode?: string | null };
}

/** Who uploads: a platform and the PM's token. */
export interface Uploader {
  platform: Platform;
  admin: string;
}

/** Sends the files (one, a zip, or a folder's files by their paths) to the batch's annotation import route. */
export async function startAnnotationImport(
  by: Uploader,
  batchId: string,
  format: string,
  file: UploadedFile | UploadedFile[],
  mode: 'all' | 'good' = 'all',
  language = 'en_US',
): Promise<StartedImport> {
  const form = new FormData();
  form.append('format', format);
  form.append('mode', mode);
  for (const part of Array.isArray(file) ? file : [file]) form.append('file', new Blob([new Uint8Array(part.content)]), part.name);
  const response = await fetch(`${by.platform.baseUrl}/manage/batches/${batchId}/annotation-imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${by.admin}`, 'x-language': language } });
  return { status: response.status, body: await response.json() };
}

/** Uploads the files and answers the import once it has finished or failed; an upload the route does not start as an annotation import is an error. */
export async function importAnnotations(
  by: Uploader,
  batchId: string,
  format: string,
  file: UploadedFile | UploadedFile[],
  mode: 'all' | 'good' = 'all',
  language = 'en_US',
): Promise<AnnotationImportView> {
  const started = await startAnnotationImport(by, batchId, format, file, mode, language);
  if (started.status !== 202 || started.body.data?.batchImport !== false) throw new Error(`the annotation import was not started: ${started.status} ${JSON.stringify(started.body)}`);
  const importId = started.body.data.importId as string;
  return eventually(
    async () => (await call<AnnotationImportView>(by.platform, 'GET', `/manage/annotation-imports/${importId}`, { token: by.admin, headers: { 'x-language': language } })).body.data,
    (view) => view.status === 'finished' || view.status === 'failed',
    120_000,
  );
}
