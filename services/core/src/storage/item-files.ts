// An item's file where its import left it: in the platform's storage (an uploaded zip), in place under the import
// root ("local:" paths), or in place in a customer's bucket ("s3://<bucket>/<key>", imported from cos or oss). The
// editor's media route, the thumbnails and the exports all read items through it.
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../core.module';
import { LocalDiskStorage } from './local-disk.storage';
import { s3Client } from './s3-client';
import { S3Storage } from './s3.storage';
import { objectMissing, STORAGE, type Storage } from './storage';
import { InvalidStorageKeyError } from './storage-key';
import { AppError } from '../errors/app-error';

const localPrefix = 'local:';
const bucketLocation = /^s3:\/\/([^/]+)\/(.+)$/;

@Injectable()
export class ItemFiles {
  private readonly importRoot: Storage;
  /** The configured buckets by name, each read with its own credentials. */
  private readonly buckets = new Map<string, Storage>();

  constructor(@Inject(STORAGE) private readonly storage: Storage, @Inject(CONFIG) config: AppConfig) {
    this.importRoot = new LocalDiskStorage(config.importRoot);
    for (const store of [config.objectStores.cos, config.objectStores.oss]) {
      if (store && !this.buckets.has(store.bucket)) this.buckets.set(store.bucket, new S3Storage(s3Client(store), store.bucket));
    }
  }

  /**
   * The file's bytes, or null where there are none to read: gone, or in a bucket this platform has no credentials for.
   * A store that fails to answer is no proof the file is gone: that is refused as unavailable, to be tried again.
   */
  async open(location: string): Promise<Readable | null> {
    const where = this.locate(location);
    if (!where) return null;
    return where.store.get(where.key).catch((error: unknown) => {
      if (objectMissing(error) || error instanceof InvalidStorageKeyError) return null;
      throw new AppError(503, 'UNAVAILABLE', 'errors.unavailable');
    });
  }

  /**
   * The bucket a file stays in where this platform has no credentials for it (its bucket unconfigured, or not yet
   * servable from here), or null where the file is ours to read: what tells a person why an image is missing.
   */
  unreadableBucket(location: string): string | null {
    const bucket = bucketLocation.exec(location);
    if (bucket) return this.buckets.has(bucket[1]) ? null : bucket[1];
    const remote = /^([a-z0-9]+):\/\/([^/]*)/i.exec(location);
    return remote && !location.startsWith(localPrefix) ? remote[2] || remote[1] : null;
  }

  private locate(location: string): { store: Storage; key: string } | null {
    if (location.startsWith(localPrefix)) return { store: this.importRoot, key: location.slice(localPrefix.length) };
    const bucket = bucketLocation.exec(location);
    if (bucket) {
      const store = this.buckets.get(bucket[1]);
      return store ? { store, key: bucket[2] } : null;
    }
    if (/^[a-z0-9]+:\/\//i.test(location)) return null;
    return { store: this.storage, key: location };
  }
}
