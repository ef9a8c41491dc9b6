// Pre-labelled annotations for a batch: through the input gate file by file, decoded in the format named, matched to
// the batch's items and the project's tools, checked like editor saves, then written as the actor's saved results, a
// chunk of items per transaction. With mode "all" any refused line refuses the whole upload and nothing is written;
// with "good" the outcome lists what was dropped. What the project cannot hold is skipped with a warning, line by
// line. An annotation upload over HTTP, the annotations an import ships beside its pictures (a CVAT or Label Studio
// export) and a sequence's ground truth (MOTChallenge's gt/) all come here. COCO, whose data sets ship files of
// hundreds of megabytes, is read as a stream (coco-import.ts) and says how far it has got. The mask formats' PNGs
// are read here (png-raster.ts), for the domain holds no image codec.
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import {
  annotationDecoders,
  type DecodeRefusal,
  type DecodeWarning,
  decodeThroughGate,
  type ExportFormat,
  type ImportedFile,
  type ImportTarget,
  frameImageColumns,
  matchImport,
  type MatchedItem,
  targetLookups,
} from '@annot/workflows';
import type { CommandContext } from '../commands/command-context';
import { CommandPipeline } from '../commands/command-pipeline';
import { DATABASE } from '../database/database.token';
import type { Db } from '../database/database';
import { actionDecider, ItemWork } from '../items/item-work';
import { importCocoStreamed, type StreamedAnnotationFile } from './coco-import';
import { readPngRaster } from './png-raster';
import { citedDataRule, citedTools } from './project-delivery';
import { rigCameras } from '../batches/rig-cameras';

export type { StreamedAnnotationFile } from './coco-import';

/** A file of an upload: in memory, or read as a stream where it may be large. */
export type AnnotationFile = ImportedFile | StreamedAnnotationFile;

export interface AnnotationImportInput {
  batchId: string;
  projectId: string;
  format: ExportFormat;
  mode: 'all' | 'good';
  files: AnnotationFile[];
  /** Every path of the upload, its pictures included, where they are not among `files`. */
  shipped?: ReadonlySet<string>;
  /** Hears how far a streamed import has got, 0 to 1. */
  progress?: (share: number) => Promise<void>;
}

/** What an import wrote, or why it wrote nothing; lines keep their message keys for the reader's language. */
export interface AnnotationImportOutcome {
  written: boolean;
  items: number;
  objects: number;
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
  /** What was read and not written: the files (or items) and the objects, by where they were read. */
  dropped: { files: string[]; objects: string[] };
}

/** Items written per transaction. */
const chunkSize = 200;
/** Bytes of an in-memory file handed to a stream reader at a time. */
const pieceSize = 1 << 16;

const isStreamed = (file: AnnotationFile): file is StreamedAnnotationFile => 'open' in file;

/** A file as a stream, in pieces when it is in memory. */
function streamed(file: AnnotationFile): StreamedAnnotationFile {
  if (isStreamed(file)) return file;
  const { path, content } = file;
  return {
    path,
    size: content.length,
    open: async () => Readable.from((function* () {
      for (let start = 0; start < content.length; start += pieceSize) yield content.subarray(start, start + pieceSize);
    })()),
  };
}

/** A file in memory: a streamed one is read whole, for the formats that read a file at once. */
async function inMemory(file: AnnotationFile): Promise<ImportedFile> {
  if (!isStreamed(file)) return file;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.open()) chunks.push(chunk as Buffer);
  return { path: file.path, content: Buffer.concat(chunks) };
}

@Injectable()
export class AnnotationImport {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly work: ItemWork,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async run({ batchId, projectId, format, mode, files, shipped, progress }: AnnotationImportInput, context: CommandContext): Promise<AnnotationImportOutcome> {
    const targets = await this.targets(batchId);
    const tools = await citedTools(this.db, projectId);
    const write = this.writer(targets, projectId, context);
    if (format === 'coco') {
      return importCocoStreamed(files.map(streamed), { targets, tools, mode, chunkSize, write, progress: progress ?? (async () => {}) });
    }
    const read = await Promise.all(files.map(inMemory));
    const decoded = decodeThroughGate(annotationDecoders[format], read, { rule: await citedDataRule(this.db, projectId), ...targetLookups(targets), shipped, readPng: readPngRaster });
    const matched = matchImport(decoded, targets, tools);
    const outcome = { items: 0, objects: 0, refusals: matched.refusals, warnings: matched.warnings, dropped: matched.dropped };
    if (matched.items.length === 0 || (mode === 'all' && matched.refusals.length > 0)) return { ...outcome, written: false };
    for (let start = 0; start < matched.items.length; start += chunkSize) await write(matched.items.slice(start, start + chunkSize), start);
    return { ...outcome, written: true, items: matched.items.length, objects: matched.items.reduce((sum, i) => sum + i.result.objects.length, 0) };
  }

  /** Writes a chunk of items in one transaction; `start` counts the import's items written before it. */
  private writer(targets: Awaited<ReturnType<AnnotationImport['targets']>>, projectId: string, context: CommandContext) {
    const rows = new Map(targets.map((t) => [t.itemId, t]));
    const now = new Date();
    return async (chunk: MatchedItem[], start: number): Promise<void> => {
      // Each chunk has a command id of its own, derived from the request's, so a repeated request writes nothing twice.
      await this.pipeline.transact({ ...context, commandId: `${context.commandId}:annotations:${start}` }, async (unit) => {
        const { plan } = await this.work.plan(unit, projectId);
        // The chunk's item streams in one read; an item untouched since its import has none.
        await this.work.preload(unit, chunk.map(({ target }) => rows.get(target.itemId)!));
        for (const { target, result } of chunk) {
          const row = rows.get(target.itemId)!;
          const item = { itemId: row.itemId, projectId: row.projectId, linkId: row.linkId };
          await this.work.run(unit, item, plan, context.actor, actionDecider({ name: 'prelabel', body: { result } }, null, now));
        }
      });
    };
  }

  /**
   * The batch's items, with whether each waits in an annotation pool (only those take starting results); `unworked`
   * when nothing was done to the item since its import, so its stream has no events to read.
   */
  private async targets(batchId: string): Promise<(ImportTarget & { linkId: string | null; projectId: string; unworked: boolean })[]> {
    const rows = await this.db
      .selectFrom('items as d')
      .leftJoin('project_links as l', 'l.link_id', 'd.link_id')
      .leftJoin('item_frames as f', 'f.item_id', 'd.item_id')
      .select(['d.item_id as itemId', 'd.project_id as projectId', 'd.link_id as linkId', 'd.file_name as fileName', 'd.width', 'd.height', 'd.frame_count as frameCount', 'd.status', 'l.type as linkType', 'f.widths', 'f.heights', sql<boolean>`d.item_version = 0`.as('unworked'), rigCameras('f').as('cameras')])
      .where('d.batch_id', '=', batchId)
      .where('d.status', '<>', 'deleted')
      .execute();
    return rows.map(({ status, linkType, widths, heights, cameras, ...row }) => {
      const frameImages = widths && heights ? frameImageColumns(widths, heights, row.frameCount) : undefined;
      return { ...row, ...(cameras ? { cameras } : {}), waiting: status === 'waiting' && linkType === 'annotation', ...(frameImages ? { frameImages } : {}) };
    });
  }
}
