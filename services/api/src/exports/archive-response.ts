// Sends a stored archive with byte ranges, so an interrupted download resumes where it stopped.
import type { Response } from 'express';
import { AppError, type Storage } from '@annot/core';
import { streamBody } from '../http/stream-body';

/** One range of "bytes=start-end", "bytes=start-" or "bytes=-suffix"; anything else is answered whole. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

export async function sendArchive(res: Response, storage: Storage, key: string, fileName: string, rangeHeader: string | undefined, tag: string): Promise<void> {
  const stat = await storage.stat(key);
  if (!stat) throw new AppError(409, 'EXPORT_GONE', 'exports.not_downloadable');
  const range = rangeOf(rangeHeader, stat.size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', `"${tag}"`);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="export.zip"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${stat.size}`);
    return void res.end();
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  if (range) res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  res.setHeader('Content-Length', String(end - start + 1));
  await streamBody(res, await storage.get(key, { start, end: end + 1 }));
}
