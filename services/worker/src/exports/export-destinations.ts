// Delivers an archive whole to where the PM asked: the platform's storage for a download (stored as it is written),
// a folder under EXPORT_ROOT, or a cos or oss bucket (each given the finished file). Nothing half-written is ever seen
// at the destination.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG, exportArchiveKey, s3Client, STORAGE, type Storage } from '@annot/core';
import type { ExportDestination } from '@annot/workflows';
import { ExportRefused } from './export-refused';

@Injectable()
export class ExportDestinations {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A download's archive, stored while it is written, so a bucket's upload overlaps the writing instead of following
   * it: `stored` settles once the stream has ended and the whole archive is under its key; a stream destroyed before
   * its end stores nothing. A store that fails meanwhile destroys the stream, so the writer stops instead of waiting.
   */
  download(exportId: string): { archive: Writable; stored: Promise<void> } {
    // Room for a few of the writer's batches, as the archive's own file has, so the writer does not wait on each one.
    const archive = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
    const stored = this.storage.put(exportArchiveKey(exportId), archive).then(() => undefined);
    stored.catch((error: Error) => archive.destroy(error));
    return { archive, stored };
  }

  /** Where the finished archive now is, as the export record shows it. */
  async deliver(destination: Exclude<ExportDestination, { type: 'download' }>, fileName: string, archivePath: string): Promise<string> {
    switch (destination.type) {
      case 'folder':
        return this.toFolder(destination.folder, fileName, archivePath);
      case 'cos':
      case 'oss':
        return this.toBucket(destination.type, destination.prefix, fileName, archivePath);
    }
  }

  async removeDownload(exportId: string): Promise<void> {
    await this.storage.remove(exportArchiveKey(exportId));
  }

  /** Copied beside its final name and renamed into place, so a reader of the folder never sees part of it. */
  private async toFolder(folder: string, fileName: string, archivePath: string): Promise<string> {
    const root = path.resolve(this.config.exportRoot);
    const target = path.resolve(root, ...folder.split('/'), fileName);
    if (!target.startsWith(root + path.sep)) throw new ExportRefused('exports.path_invalid');
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${randomUUID()}`;
    try {
      await copyFile(archivePath, partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return `${folder}/${fileName}`;
  }

  /** One PUT: an object store shows an object only once all of it has arrived. */
  private async toBucket(type: 'cos' | 'oss', prefix: string, fileName: string, archivePath: string): Promise<string> {
    const store = this.config.objectStores[type];
    if (!store) throw new ExportRefused('exports.destination_missing');
    const key = prefix ? `${prefix}/${fileName}` : fileName;
    const { size } = await stat(archivePath);
    const client = s3Client(store);
    try {
      await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: createReadStream(archivePath), ContentLength: size, ContentType: 'application/zip' }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
      // A bucket that refuses (missing, forbidden) will not change its mind on a retry; anything else is retried.
      if (status >= 400 && status < 500) throw new ExportRefused('exports.failed_bucket', { detail: (error as Error).name });
      throw error;
    } finally {
      client.destroy();
    }
    return `${store.bucket}/${key}`;
  }
}
