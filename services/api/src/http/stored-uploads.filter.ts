// Refusals of a route whose uploads multer has already put in storage: the stored files are removed, then the
// refusal is answered as any other, so a refused upload leaves nothing behind.
import { type ArgumentsHost, Catch, Inject } from '@nestjs/common';
import type { Request } from 'express';
import { type Storage, STORAGE } from '@annot/core';
import { AppExceptionFilter } from './app-exception.filter';
import type { StoredUpload } from './storage-upload.engine';

@Catch()
export class StoredUploadsFilter extends AppExceptionFilter {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {
    super();
  }

  override async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const stored = [...(Array.isArray(req.files) ? req.files : []), ...(req.file ? [req.file] : [])] as unknown as Partial<StoredUpload>[];
    await Promise.all(stored.map((file) => (file.key ? this.storage.remove(file.key).catch(() => undefined) : undefined)));
    super.catch(exception, host);
  }
}
