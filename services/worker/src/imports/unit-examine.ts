// Reads, probes and hashes the files of one item of an import: a picture, or a folder of images as a sequence.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Thumbnails } from '@annot/core';
import { type ChunkItem, compactColumn } from '@annot/workflows';
import type { SourceFile } from './import-source';
import { type ImportUnit, readTimestamps } from './import-units';
import { probe } from './media-probe';

/** Files read and hashed at once; object stores answer slowly one by one. */
export const readConcurrency = 8;

/** A file refused, with its message's parameters where it has some. */
export type Failure = { name: string; reasonKey: string; params?: Record<string, string | number> };

type Examined = { ok: true; checksum: string; mediaType: string; width: number | null; height: number | null } | { ok: false; reasonKey: string };

/** An item ready for its chunk, or the reason it is refused; either way with the files of it that were refused. */
export type ExaminedUnit = ({ ok: true; item: ChunkItem } | { ok: false; reasonKey: string }) & { failures: Failure[] };

/** Reads, probes and hashes a file; an image gets its thumbnail while its bytes are in hand, so no one reads it again for that. */
async function examine(file: SourceFile, thumbnails: Thumbnails | null): Promise<Examined> {
  let content: Buffer;
  try {
    content = await file.read();
  } catch {
    return { ok: false, reasonKey: 'batches.reason_unreadable' };
  }
  const probed = probe(file.name, content);
  if (!probed.ok) return probed;
  const checksum = createHash('sha256').update(content).digest('hex');
  // A preview that could not be kept never fails the import; the first request for it makes it again.
  if (thumbnails && probed.width !== null) await thumbnails.ensure(checksum, async () => content).catch(() => false);
  return { ...probed, checksum };
}

/** A picture: one file, one item. */
export async function examinePicture(file: SourceFile, thumbnails: Thumbnails): Promise<ExaminedUnit> {
  const result = await examine(file, thumbnails);
  if (!result.ok) return { ...result, failures: [] };
  const { mediaType, width, height, checksum } = result;
  return { ok: true, item: { fileName: file.name, path: file.location, size: file.size, mediaType, width, height, checksum }, failures: [] };
}

/**
 * A folder of images as one item: frames in name order, or by the times of its timestamp file, where frames it
 * does not name are refused. Frames that are no readable image are refused one by one; the item keeps the rest.
 * Its content is the list of its frames' contents, and its thumbnail that of its first frame.
 */
export async function examineSequence(unit: Extract<ImportUnit, { kind: 'sequence' }>, thumbnails: Thumbnails): Promise<ExaminedUnit> {
  const failures: Failure[] = [];
  let times: Map<string, number> | null = null;
  if (unit.timestamps) {
    times = readTimestamps(await unit.timestamps.read().catch(() => Buffer.alloc(0)));
    if (!times) return { ok: false, reasonKey: 'batches.reason_timestamps_invalid', failures };
  }
  const examined = await mapLimit(unit.frames, readConcurrency, (file) => examine(file, null));
  let frames: { file: SourceFile; probed: Extract<Examined, { ok: true }>; time: number | null }[] = [];
  unit.frames.forEach((file, i) => {
    const result = examined[i];
    if (!result.ok) return failures.push({ name: file.name, reasonKey: result.reasonKey });
    if (result.width === null) return failures.push({ name: file.name, reasonKey: 'batches.reason_unsupported' });
    const time = times ? times.get(path.posix.basename(file.name)) : null;
    if (time === undefined) return failures.push({ name: file.name, reasonKey: 'batches.reason_timestamp_missing' });
    frames.push({ file, probed: result, time });
  });
  if (frames.length === 0) return { ok: false, reasonKey: 'batches.reason_no_frames', failures };
  if (times) frames = frames.sort((a, b) => a.time! - b.time! || (a.file.name < b.file.name ? -1 : 1));
  const head = frames[0];
  const pathPrefix = head.file.location.slice(0, head.file.location.length - path.posix.basename(head.file.name).length);
  const checksum = createHash('sha256').update(frames.map((frame) => frame.probed.checksum).join('\n')).digest('hex');
  await thumbnails.ensure(checksum, () => head.file.read()).catch(() => false);
  const item: ChunkItem = {
    fileName: unit.name,
    path: head.file.location,
    size: frames.reduce((sum, frame) => sum + frame.file.size, 0),
    mediaType: head.probed.mediaType,
    width: head.probed.width,
    height: head.probed.height,
    checksum,
    frames: {
      pathPrefix,
      count: frames.length,
      fileNames: frames.map((frame) => path.posix.basename(frame.file.name)),
      widths: compactColumn(frames.map((frame) => frame.probed.width)),
      heights: compactColumn(frames.map((frame) => frame.probed.height)),
      timestamps: times ? frames.map((frame) => frame.time!) : [],
      frameRate: unit.frameRate ?? null,
    },
  };
  return { ok: true, item, failures };
}

export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}
