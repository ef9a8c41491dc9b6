// An item's file as its import left it: in the platform's storage (an uploaded zip), or in place under the import root.
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, AppError, CONFIG, LocalDiskStorage, STORAGE, type Storage } from '@annot/core';

const localPrefix = 'local:';

@Injectable()
export class ItemMedia {
  private readonly importRoot: Storage;

  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.importRoot = new LocalDiskStorage(config.importRoot);
  }

  /** The file's bytes; a bucket path (cos, oss) is read by the exports and the editor's later routes, not yet here. */
  async open(location: string): Promise<Readable> {
    const [store, key] = location.startsWith(localPrefix) ? [this.importRoot, location.slice(localPrefix.length)] : [this.storage, location];
    if (/^[a-z0-9]+:\/\//i.test(key)) throw new AppError(404, 'NOT_FOUND', 'tasks.media_unavailable');
    try {
      return await store.get(key);
    } catch {
      throw new AppError(404, 'NOT_FOUND', 'tasks.media_unavailable');
    }
  }
}
