// An uploaded zip extracted into the platform's storage, whole or not at all. On the disk, into a side folder of this
// run renamed into place; in a bucket, through a scratch folder of this process, the files put one by one and a marker
// last. Either way a re-run knows whether extraction finished, and two runs never write into each other's files.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LocalDiskStorage, type Storage } from '@annot/core';
import { extractZip } from './zip-extract';

/** Extracts the zip at `upload` under `folder`, then removes the upload; `scratchDir` is a folder on this machine. */
export async function extractUpload(storage: Storage, scratchDir: string, upload: string, folder: string): Promise<void> {
  if (storage instanceof LocalDiskStorage) await extractOnDisk(storage, upload, folder);
  else await extractIntoBucket(storage, scratchDir, upload, folder);
  await storage.remove(upload);
}

/** A refused import leaves nothing behind: no upload, no extracted file, no empty folder. */
export async function discardUpload(storage: Storage, upload: string, folder: string): Promise<void> {
  if (storage instanceof LocalDiskStorage) {
    const target = storage.localPath(folder);
    await rm(target, { recursive: true, force: true });
    await rmdir(path.dirname(target)).catch(() => undefined);
  } else {
    await storage.remove(marker(folder));
    for (const key of await storage.list(folder)) await storage.remove(key);
  }
  await storage.remove(upload);
}

const marker = (folder: string) => `${folder}.extracted`;

async function extractOnDisk(storage: LocalDiskStorage, upload: string, folder: string): Promise<void> {
  const target = storage.localPath(folder);
  if (await exists(target)) return;
  const partial = `${target}.partial-${randomUUID()}`;
  await mkdir(partial, { recursive: true });
  try {
    await extractZip(storage.localPath(upload), partial);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true });
    // Another run finished the same extraction first; its folder is as good as ours.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
}

async function extractIntoBucket(storage: Storage, scratchDir: string, upload: string, folder: string): Promise<void> {
  if (await storage.stat(marker(folder))) return;
  // A zip is read from its end (the central directory), so it comes to this machine whole first.
  const scratch = path.resolve(scratchDir, 'tmp', 'extract', randomUUID());
  const files = path.join(scratch, 'files');
  await mkdir(files, { recursive: true });
  try {
    const zip = path.join(scratch, 'upload.zip');
    await pipeline(await storage.get(upload), createWriteStream(zip));
    await extractZip(zip, files);
    for (const relative of await filesUnder(files)) await storage.put(`${folder}/${relative}`, createReadStream(path.join(files, ...relative.split('/'))));
    await storage.put(marker(folder), Buffer.alloc(0));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Every file under a folder, '/'-separated and sorted. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
