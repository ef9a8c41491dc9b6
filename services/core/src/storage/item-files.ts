// An item's file where its import left it: in the platform's storage (an uploaded zip), or in place under the import
// root ("local:" paths). The editor's media route and the exports both read items through it.
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../core.module';
import { LocalDiskStorage } from './local-disk.storage';
import { STORAGE, type Storage } from './storage';

const localPrefix = 'local:';

@Injectable()
export class ItemFiles {
  private readonly importRoot: Storage;

  constructor(@Inject(STORAGE) private readonly storage: Storage, @Inject(CONFIG) config: AppConfig) {
    this.importRoot = new LocalDiskStorage(config.importRoot);
  }

  /** The file's bytes, or null where it cannot be read here: gone, or in a bucket (cos, oss), read by imports only. */
  async open(location: string): Promise<Readable | null> {
    const [store, key] = location.startsWith(localPrefix) ? [this.importRoot, location.slice(localPrefix.length)] : [this.storage, location];
    if (/^[a-z0-9]+:\/\//i.test(key)) return null;
    return store.get(key).catch(() => null);
  }
}
