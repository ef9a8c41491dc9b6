// Opens the ImportSource an import reads: the folder its zip was extracted into, a server folder, or a bucket prefix.
import { open, opendir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG } from '@annot/core';
import type { ImportSourceRef } from '@annot/workflows';
import { ImportRefused } from './import-refused';
import type { ImportSource, SourceFile } from './import-source';
import { s3Client, s3Source } from './s3-source';

@Injectable()
export class ImportSources {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  /** The storage folder a zip import extracts into, relative to STORAGE_DIR. */
  extractedFolder(batchId: string, importId: string): string {
    return path.posix.join('batches', batchId, importId);
  }

  open(ref: ImportSourceRef, batchId: string, importId: string): ImportSource {
    switch (ref.type) {
      case 'zip': {
        const relative = this.extractedFolder(batchId, importId);
        return folderSource(path.resolve(this.config.storageDir, relative), relative);
      }
      case 'local': {
        const root = path.resolve(this.config.importRoot);
        const folder = path.resolve(root, ref.path);
        if (folder !== root && !folder.startsWith(root + path.sep)) throw new ImportRefused('batches.path_outside');
        return folderSource(folder, `local:${path.relative(root, folder).split(path.sep).join('/')}`);
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

/** Every regular file under `root`, sorted by name; `base` prefixes each location. */
function folderSource(root: string, base: string): ImportSource {
  return {
    async *list(): AsyncIterable<SourceFile> {
      const names: string[] = [];
      const walk = async (dir: string, prefix: string): Promise<void> => {
        let handle;
        try {
          handle = await opendir(dir);
        } catch {
          throw new ImportRefused('batches.source_unavailable');
        }
        for await (const entry of handle) {
          const name = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), name);
          else if (entry.isFile()) names.push(name);
        }
      };
      await walk(root, '');
      names.sort();
      for (const name of names) {
        const full = path.join(root, ...name.split('/'));
        const { size } = await stat(full);
        yield {
          name,
          size,
          location: base ? `${base}/${name}` : name,
          read: async (start?: number, end?: number) => {
            if (start === undefined) return readFile(full);
            const file = await open(full, 'r');
            try {
              const length = Math.max(0, Math.min(end ?? size, size) - start);
              const buffer = Buffer.alloc(length);
              const { bytesRead } = await file.read(buffer, 0, length, start);
              return buffer.subarray(0, bytesRead);
            } finally {
              await file.close();
            }
          },
        };
      }
    },
  };
}
