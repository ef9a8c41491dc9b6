// Extracts an uploaded zip into a folder, refusing entries that escape it, symbolic links and zip bombs.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isStorable } from '@annot/workflows';
import { ImportRefused } from './import-refused';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of every entry's uncompressed size. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed over compressed size of one entry, checked for entries above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 4 * 1024 ** 3,
  maxEntryBytes: 1024 ** 3,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

const symlinkMode = 0o120000;
const fileTypeMask = 0o170000;

/** The entry's path inside the folder, or a refusal when it is absolute, climbs out, or is not a plain path of storable text. */
export function safeEntryPath(name: string): string {
  if (yauzl.validateFileName(name) !== null || name.includes('\\') || /^[a-zA-Z]:/.test(name) || !isStorable(name)) {
    throw new ImportRefused('batches.zip_escape');
  }
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) throw new ImportRefused('batches.zip_escape');
  return parts.join('/');
}

/**
 * Extracts every file entry under `target`. The central directory is checked whole before a byte is written,
 * and the bytes are counted while they stream, since a zip may lie about its sizes. On a refusal the caller
 * removes `target`.
 */
export async function extractZip(zipPath: string, target: string, limits: ZipLimits = defaultZipLimits): Promise<number> {
  let zip: ZipFile;
  try {
    // autoClose off: the entries are all read first, and the file must stay open to extract them after.
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw new ImportRefused('batches.zip_invalid');
  }
  try {
    const entries = await readDirectory(zip, limits);
    let written = 0;
    for (const { entry, relative } of entries) {
      const destination = path.join(target, relative);
      await mkdir(path.dirname(destination), { recursive: true });
      const input = await zip.openReadStreamPromise(entry).catch(() => {
        throw new ImportRefused('batches.zip_invalid');
      });
      let entryBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          entryBytes += chunk.length;
          written += chunk.length;
          if (entryBytes > limits.maxEntryBytes || written > limits.maxTotalBytes) done(new ImportRefused('batches.zip_bomb'));
          else done(null, chunk);
        },
      });
      await pipeline(input, counter, createWriteStream(destination, { flags: 'wx' })).catch((error: unknown) => {
        throw error instanceof ImportRefused ? error : new ImportRefused('batches.zip_invalid');
      });
    }
    return entries.length;
  } finally {
    zip.close();
  }
}

async function readDirectory(zip: ZipFile, limits: ZipLimits): Promise<{ entry: Entry; relative: string }[]> {
  if (zip.entryCount > limits.maxEntries) throw new ImportRefused('batches.zip_too_many');
  const files: { entry: Entry; relative: string }[] = [];
  const seen = new Set<string>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', () => reject(new ImportRefused('batches.zip_invalid')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      try {
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, false);
        const relative = safeEntryPath(name);
        if (((entry.externalFileAttributes >>> 16) & fileTypeMask) === symlinkMode) throw new ImportRefused('batches.zip_escape');
        if (!name.endsWith('/') && relative !== '') {
          if (entry.isEncrypted()) throw new ImportRefused('batches.zip_invalid');
          total += entry.uncompressedSize;
          const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
          if (entry.uncompressedSize > limits.maxEntryBytes || total > limits.maxTotalBytes) throw new ImportRefused('batches.zip_bomb');
          if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) throw new ImportRefused('batches.zip_bomb');
          // Two entries with one name would make the folder depend on their order.
          if (seen.has(relative)) throw new ImportRefused('batches.zip_invalid');
          seen.add(relative);
          files.push({ entry, relative });
        }
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.readEntry();
  });
  return files;
}
