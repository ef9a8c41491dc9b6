// Writes an export's archive: the scope read by keyset pages, each item encoded in the format asked for and added to
// the zip at once, media streamed in one by one. The job runs it, and so does the benchmark.
import { type Db } from '@annot/core';
import { type ExportDestination, exportEncoders, type ExportFormat, type ExportScope } from '@annot/workflows';
import { ArchiveWriter } from './archive-writer';
import { exportContextOf } from './export-context';
import { countScope, scopedItems } from './export-items';
import type { ExportMedia } from './export-media';

export interface ExportRecord {
  projectId: string;
  format: ExportFormat;
  scope: ExportScope;
  withMedia: boolean;
  fileName: string;
  destination: ExportDestination;
  requestedAt: Date;
}

export interface Volume {
  items: number;
  objects: number;
  bytes: number;
}

export interface WriteTarget {
  archivePath: string;
  /** A folder of this run's own for the sections of large documents. */
  workDir: string;
  pageSize: number;
  /** Where media come from; null writes annotations only. */
  media: ExportMedia | null;
}

export async function writeExport(db: Db, record: ExportRecord, target: WriteTarget, report: (progress: number) => Promise<unknown>): Promise<Volume> {
  const context = await exportContextOf(db, record.projectId, record.requestedAt);
  const encoder = exportEncoders[record.format](context);
  const writer = new ArchiveWriter(target.archivePath, target.workDir, record.requestedAt);
  const total = await countScope(db, record.projectId, record.scope);
  let items = 0;
  let objects = 0;
  let reported = 0;
  try {
    for await (const run of scopedItems(db, record.projectId, record.scope, target.pageSize)) {
      for (const item of run) {
        items += 1;
        // A batch is a folder of the archive: its name may not make two folders of one.
        const mediaPath = `images/${item.batchName.replace(/[/\\]/g, '_')}/${item.fileName}`;
        const frames = [{ mediaPath, width: item.width, height: item.height, timestamp: null }];
        const encoded = encoder.item({ ...item, index: items, mediaPath, frames });
        objects += encoded.objects;
        for (const file of encoded.files) await writer.addFile(file.path, file.content);
        for (const [section, elements] of Object.entries(encoded.sections ?? {})) await writer.appendToSection(section, elements);
        if (record.withMedia && target.media) await target.media.add(writer, mediaPath, item.path);
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
  }
}
