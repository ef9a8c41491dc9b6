// The storage backend on a local (or mounted) disk: every key is a file under one root folder.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, objectMissing, type Storage } from './storage';
import { storageKeyParts } from './storage-key';

export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Where a key lives on this disk, for the few tools that can only write files (a zip extractor). */
  localPath(key: string): string {
    return path.join(this.root, ...storageKeyParts(key));
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed into place, so a reader or a crash never leaves half an object under the key.
    const partial = `${target}.partial-${randomUUID()}`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial, { flags: 'wx' }));
      const { size } = await stat(partial);
      await rename(partial, target);
      return { size };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const handle = await open(this.localPath(key), 'r');
    if (range && range.end !== undefined && range.end <= range.start) {
      await handle.close();
      return Readable.from([]);
    }
    // Node's stream ranges name their last byte; ours end before `end`.
    return handle.createReadStream({ start: range?.start, end: range?.end === undefined ? undefined : range.end - 1 });
  }

  async read(key: string, range?: ByteRange): Promise<Buffer> {
    const full = this.localPath(key);
    if (!range) return readFile(full);
    const file = await open(full, 'r');
    try {
      const { size } = await file.stat();
      const length = Math.max(0, Math.min(range.end ?? size, size) - range.start);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, range.start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    return stat(this.localPath(key)).then(
      (found) => (found.isFile() ? { size: found.size } : null),
      (error: unknown) => {
        if (objectMissing(error)) return null;
        throw error;
      },
    );
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.replace(/\/+$/, '') === '' ? [] : storageKeyParts(prefix);
    const keys: string[] = [];
    // Regular files only: a symbolic link could lead out of the root.
    const walk = async (dir: string, parts: string[]): Promise<void> => {
      for await (const entry of await opendir(dir)) {
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), [...parts, entry.name]);
        else if (entry.isFile()) keys.push([...parts, entry.name].join('/'));
      }
    };
    await walk(path.join(this.root, ...base), base);
    return keys.sort();
  }
}
