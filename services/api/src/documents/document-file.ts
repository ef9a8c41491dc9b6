// What an uploaded document file may be: a PDF, a PNG, a JPEG, Markdown or plain text under the size limit, known by
// its content, so a page renamed to .pdf or a script renamed to .txt is refused before it is kept.
import { extname } from 'node:path';
import { AppError } from '@annot/core';
import { type DocumentFileKind, documentFileKinds, documentFileMaxBytes, textOf } from '@annot/workflows';

const fieldError = (messageKey: string, params: Record<string, unknown> = {}) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey, params }]);

const startsWith = (content: Buffer, signature: number[]) => signature.every((byte, i) => content[i] === byte);

/** Text passes the input gate's text check (UTF-8 without NULs); anything else (a binary renamed .txt) is not shown as text. */
const isText = (content: Buffer): boolean => !('refused' in textOf(content, 'file'));

const matches: Record<DocumentFileKind, (content: Buffer) => boolean> = {
  pdf: (c) => c.subarray(0, 5).toString('latin1') === '%PDF-',
  png: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  md: isText,
  txt: isText,
};

/** The file's kind by its name's extension, confirmed by its content; refused in the envelope otherwise. */
export function documentFileKind(name: string, content: Buffer | undefined): { kind: DocumentFileKind; mediaType: string } {
  if (!content || content.length === 0) throw fieldError('documents.file_empty');
  if (content.length > documentFileMaxBytes) throw new AppError(413, 'TOO_LARGE', 'documents.file_too_large');
  const extension = extname(name).slice(1).toLowerCase();
  const kind = (extension === 'jpeg' ? 'jpg' : extension === 'markdown' ? 'md' : extension) as DocumentFileKind;
  if (!Object.hasOwn(documentFileKinds, kind)) throw fieldError('documents.file_kind', { kinds: Object.keys(documentFileKinds).join(', ') });
  if (!matches[kind](content)) throw fieldError('documents.file_not_kind', { kind });
  return { kind, mediaType: documentFileKinds[kind] };
}
