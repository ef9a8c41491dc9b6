// Writes an export's archive: the scope read by keyset pages, each item encoded in the format asked for and added to
// the zip at once, media streamed in one by one in the items' order, each opened and read while those before it are written.
// The job runs it, and so does the benchmark.
import type { Writable } from 'node:stream';
import { exportEncoders, type ExportFrame, frameFile, itemFramesView } from '@annot/workflows';
import { ArchiveWriter } from './archive-writer';
import { exportContextOf } from './export-context';
import { type ScopedItem, scopedItems } from './export-items';
import type { ExportMedia, MediaFile } from './export-media';
import type { ExportRecord, ExportsRepository } from './exports.repository';

export interface Volume {
  items: number;
  objects: number;
  bytes: number;
}

export interface WriteTarget {
  /** The archive's file, or a stream that takes its bytes as they are written (a download stored meanwhile). */
  archive: string | Writable;
  /** A folder of this run's own for the sections of large documents. */
  workDir: string;
  pageSize: number;
  /** Where media come from; null writes annotations only. */
  media: ExportMedia | null;
  /** Aborted when the writing is to stop (its worker is stopping): it stops between pages with `ExportStopped`. */
  stop?: AbortSignal;
}

/** The writing stopped part-way because it was told to, not because anything failed. */
export class ExportStopped extends Error {
  constructor() {
    super('the export was stopped part-way');
  }
}

export async function writeExport(exports: ExportsRepository, record: ExportRecord, target: WriteTarget, report: (progress: number) => Promise<unknown>): Promise<Volume> {
  const context = await exportContextOf(exports, record.projectId, record.requestedAt);
  const encoder = exportEncoders[record.format](context);
  const writer = new ArchiveWriter(target.archive, target.workDir, record.requestedAt);
  const total = await exports.countScope(record.projectId, record.scope);
  let items = 0;
  let objects = 0;
  let reported = 0;
  const media = record.withMedia && target.media ? target.media.reading() : null;
  try {
    for await (const run of scopedItems(exports, record.projectId, record.scope, target.pageSize)) {
      if (target.stop?.aborted) throw new ExportStopped();
      const placed = Array.from(run, (item) => ({ item, ...archiveFrames(item) }));
      const files = media ? placed.map(({ item, mediaPath, frames, sources }) => mediaFiles(item, mediaPath, frames, sources)) : [];
      media?.plan(files.flat());
      for (const [index, { item, mediaPath, frames }] of placed.entries()) {
        items += 1;
        const encoded = encoder.item({ ...item, index: items, mediaPath, frames, frameRate: item.frames?.frameRate ?? null, sensors: item.frames?.sensors ?? null });
        objects += encoded.objects;
        for (const file of encoded.files) await writer.addFile(file.path, file.content);
        for (const section in encoded.sections) await writer.appendToSection(section, encoded.sections[section]);
        if (media) await media.write(writer, files[index].length);
      }
      // Runs are short: progress is reported when its percentage moves, not after each of them.
      const progress = Math.min(99, Math.floor((items / Math.max(total, 1)) * 100));
      if (progress > reported) await report((reported = progress));
    }
    const end = encoder.finish();
    for (const file of end.files) await writer.addFile(file.path, file.content);
    const bytes = await writer.finish(end.documents);
    return { items, objects, bytes };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    media?.close();
  }
}

/** An item's media files in the order the archive holds them: its frames, then its point clouds' camera images. */
function mediaFiles(item: ScopedItem, mediaPath: string, frames: ExportFrame[], sources: string[]): MediaFile[] {
  return [
    ...frames.map((frame, i) => ({ entry: frame.mediaPath, location: sources[i] })),
    ...cameraImages(item, mediaPath).map((image) => ({ entry: image.mediaPath, location: image.source })),
  ];
}

/**
 * The camera images of a point-cloud item's frames: in the archive beside its clouds, under
 * "<item>/cameras/<camera>/<image>", where the point-cloud formats name them; read from the item's own folder.
 */
export function cameraImages(item: ScopedItem, mediaPath: string): { mediaPath: string; source: string }[] {
  const frames = item.frames;
  if (!frames?.sensors) return [];
  return frames.sensors.cameras.flatMap((camera) =>
    [...new Set(camera.images.filter((image) => image !== ''))].map((image) => ({ mediaPath: `${mediaPath}/cameras/${camera.name}/${image}`, source: `${frames.pathPrefix}cameras/${camera.name}/${image}` })),
  );
}

/**
 * Where an item and each of its frames lie in the archive, and where each frame's image is read from. A batch is a
 * folder of the archive (its name may not make two folders of one); a picture lies at its file name, and the frames
 * of a sequence or a video in a folder named after the item ("images/<batch>/<item>/<frame file>"), which is the
 * item's own path: the track formats name the sequence by it, so an import finds the item again by its name.
 */
export function archiveFrames(item: ScopedItem): { mediaPath: string; frames: ExportFrame[]; sources: string[] } {
  const mediaPath = `images/${item.batchName.replace(/[/\\]/g, '_')}/${item.fileName}`;
  if (!item.frames) return { mediaPath, frames: [{ mediaPath, width: item.width, height: item.height, timestamp: null }], sources: [item.path] };
  const picture = { fileName: item.fileName, path: item.path, width: item.width, height: item.height };
  const { frames } = itemFramesView(item.frames, picture);
  return {
    mediaPath,
    frames: frames.map((frame) => ({ mediaPath: `${mediaPath}/${frame.fileName}`, width: frame.width, height: frame.height, timestamp: frame.timestamp })),
    sources: frames.map((frame) => frameFile(item.frames, picture, frame.index)!.path),
  };
}
