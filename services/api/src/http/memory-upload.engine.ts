// Multer's memory storage with a bound on the whole request: a folder sent as its files is read into memory only up
// to `maxTotalBytes` in all, however many files it has.
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { AppError } from '@annot/core';

const received = new WeakMap<Request, number>();

export function boundedMemoryUploads(maxTotalBytes: number): StorageEngine {
  return {
    _handleFile(req, file, done) {
      const chunks: Buffer[] = [];
      let refused = false;
      file.stream.on('data', (chunk: Buffer) => {
        if (refused) return;
        const total = (received.get(req) ?? 0) + chunk.length;
        received.set(req, total);
        if (total > maxTotalBytes) {
          refused = true;
          file.stream.resume();
          return done(new AppError(413, 'TOO_LARGE', 'errors.too_large'));
        }
        chunks.push(chunk);
      });
      file.stream.on('error', (error) => !refused && done(error));
      file.stream.on('end', () => {
        if (refused) return;
        const buffer = Buffer.concat(chunks);
        done(null, { buffer, size: buffer.length });
      });
    },
    _removeFile(_req, file, done) {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      done(null);
    },
  };
}
