// An uploaded CSV of items to recycle as text lines: refused whole when it is not UTF-8 text, names nothing, or is too long.
import { AppError } from '@annot/core';
import { type CsvLine, type LineRefusal, readItemLines, recycleCsvMaxBytes, recycleCsvMaxLines, textOf } from '@annot/workflows';

const fileRefusal = (messageKey: string, params: Record<string, unknown> = {}) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey, params }]);

export function readRecycleCsv(upload: { buffer: Buffer } | undefined): { lines: CsvLine[]; refused: LineRefusal[] } {
  if (!upload || upload.buffer.length === 0) throw fileRefusal('items.csv_required');
  if (upload.buffer.length > recycleCsvMaxBytes) throw new AppError(413, 'TOO_LARGE', 'items.csv_too_large', { max: '1 MB' });
  // Not UTF-8, or NUL (a binary file, and PostgreSQL refuses it in text): the input gate's text check.
  const decoded = textOf(upload.buffer, 'file');
  if ('refused' in decoded) throw fileRefusal('items.csv_not_utf8');
  const read = readItemLines(decoded.text);
  if (read.lines.length + read.refused.length > recycleCsvMaxLines) throw fileRefusal('items.csv_too_many_lines', { max: recycleCsvMaxLines });
  if (read.lines.length + read.refused.length === 0) throw fileRefusal('items.csv_empty');
  return read;
}
