// Opens the ImportSource an import reads: the folder its zip was extracted into, a server folder, or a bucket prefix.
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG, LocalDiskStorage, s3Client, type Storage, STORAGE } from '@annot/core';
import type { ImportSourceRef } from '@annot/workflows';
import { ImportRefused } from './import-refused';
import type { ImportSource } from './import-source';
import { s3Source } from './s3-source';
import { storageSource } from './storage-source';

@Injectable()
export class ImportSources {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /** The storage folder a zip import extracts into. */
  extractedFolder(batchId: string, importId: string): string {
    return path.posix.join('batches', batchId, importId);
  }

  open(ref: ImportSourceRef, batchId: string, importId: string): ImportSource {
    switch (ref.type) {
      case 'zip': {
        const folder = this.extractedFolder(batchId, importId);
        return storageSource(this.storage, folder, folder);
      }
      case 'local': {
        const root = path.resolve(this.config.importRoot);
        const folder = path.resolve(root, ref.path);
        if (folder !== root && !folder.startsWith(root + path.sep)) throw new ImportRefused('batches.path_outside');
        // The server folder is not our storage, but the same disk backend reads it, rooted at the folder.
        return storageSource(new LocalDiskStorage(folder), '', `local:${path.relative(root, folder).split(path.sep).join('/')}`);
      }
      case 'cos':
      case 'oss': {
        const store = this.config.objectStores[ref.type];
        if (!store) throw new ImportRefused('batches.storage_not_configured');
        return s3Source(s3Client(store), store, ref.prefix, this.config.objectListPageSize);
      }
    }
  }
}
