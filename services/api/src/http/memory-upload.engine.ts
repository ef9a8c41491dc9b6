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
      // Multer hears of each file once: its bytes, or why it was refused.
      let settled = false;
      const settle = (error: Error | null, buffer?: Buffer) => {
        if (settled) return;
        settled = true;
        if (error) done(error);
        else done(null, { buffer, size: buffer!.length });
      };
      file.stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        const total = (received.get(req) ?? 0) + chunk.length;
        received.set(req, total);
        if (total <= maxTotalBytes) return void chunks.push(chunk);
        // The rest is read and dropped, so the request still ends and its answer can be sent.
        file.stream.resume();
        settle(new AppError(413, 'TOO_LARGE', 'errors.too_large'));
      });
      file.stream.on('error', (error: Error) => settle(error));
      file.stream.on('end', () => settle(null, Buffer.concat(chunks)));
    },
    _removeFile(_req, file, done) {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      done(null);
    },
  };
}
