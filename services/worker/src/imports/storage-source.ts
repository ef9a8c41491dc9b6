// The files under a folder of a storage, as an import source: a zip extracted into our storage, or a server folder.
import { LocalDiskStorage, type Storage } from '@annot/core';
import { ImportRefused } from './import-refused';
import type { ImportSource, SourceFile } from './import-source';

/** Every object under `prefix`, sorted by name; `base` prefixes each location. */
export function storageSource(storage: Storage, prefix: string, base: string): ImportSource {
  return {
    async *list(): AsyncIterable<SourceFile> {
      let keys: string[];
      try {
        keys = await storage.list(prefix);
      } catch {
        throw new ImportRefused('batches.source_unavailable');
      }
      for (const key of keys) {
        const name = prefix === '' ? key : key.slice(prefix.length + 1);
        const found = await storage.stat(key);
        // Listed a moment ago and gone now: a retry of the job lists again.
        if (!found) throw new Error(`import source: ${key} vanished while it was listed`);
        yield {
          name,
          size: found.size,
          location: base ? `${base}/${name}` : name,
          localPath: storage instanceof LocalDiskStorage ? storage.localPath(key) : undefined,
          read: (start?: number, end?: number) => storage.read(key, start === undefined ? undefined : { start, end }),
          stream: () => storage.get(key),
        };
      }
    },
  };
}
