// Batches: what a PM sends, and the events of a batch's stream and of its items stream.
import { z } from 'zod';
import type { ExportFormat } from '../exports/format';
import type { DomainEvent } from '../shared/event';
import type { BatchMachineContext, BatchStatus } from './batch.machine';
import type { BatchUploadType } from './batches.views';
import type { ItemFrames } from './item-frames';
import type { BatchState } from './batch.evolve';

export const batchUploadTypes = ['zip', 'local', 'cos', 'oss'] as const satisfies readonly BatchUploadType[];
/** The seed: a batch data file is under 200 MB. */
export const batchZipMaxBytes = 200 * 1024 * 1024;

const batchName = z.string({ error: 'batches.name_empty' }).trim().min(1, 'batches.name_empty').max(100, 'validation.too_big');
const batchPriority = z
  .number({ error: 'batches.priority_invalid' })
  .int('batches.priority_invalid')
  .min(0, 'batches.priority_invalid')
  .max(1_000_000, 'batches.priority_invalid');

export const batchEditInput = z.object({ name: batchName, priority: batchPriority }).strict();
export type BatchEditInput = z.infer<typeof batchEditInput>;

export const batchInput = batchEditInput.extend({ uploadType: z.enum(batchUploadTypes, { error: 'batches.upload_type_invalid' }) }).strict();
export type BatchInput = z.infer<typeof batchInput>;

/** A folder under the import root (local) or an object prefix in the configured bucket (cos, oss). */
export const batchImportInput = z
  .object({ path: z.string({ error: 'batches.path_empty' }).trim().min(1, 'batches.path_empty').max(1000, 'validation.too_big') })
  .strict();

export const batchPauseInput = z.object({ kind: z.enum(['annotation', 'inspection'], { error: 'batches.pause_kind_invalid' }) }).strict();

/**
 * The annotations an upload ships beside its pictures (a CVAT or Label Studio export with its images): once the
 * pictures are items, the upload's annotation files are read in this format and become their starting results.
 */
export interface ImportAnnotationsRef {
  format: ExportFormat;
  mode: 'all' | 'good';
  /** Who uploaded them: the starting results are written in the PM's name, as an upload of annotations alone is. */
  by: { id: string; role: string };
}

/** Where an import reads from; a zip has been received into storage before the job starts. */
export type ImportSourceRef = (
  | { type: 'zip'; fileName: string; upload: string; size: number }
  | { type: 'local'; path: string }
  | { type: 'cos' | 'oss'; prefix: string }
) & { annotations?: ImportAnnotationsRef };

/** What the annotations shipped with an import gave: the items and objects written, and the lines of its report. */
export interface ImportedAnnotations {
  items: number;
  objects: number;
  refused: number;
  warned: number;
}

type Ref = { batchId: string; projectId: string; name: string };

export type BatchCreated = DomainEvent<'BatchCreated', Ref & { priority: number; uploadType: BatchUploadType }>;
export type BatchEdited = DomainEvent<'BatchEdited', Ref & { priority: number }>;
export type BatchImportRequested = DomainEvent<'BatchImportRequested', Ref & { importId: string; source: ImportSourceRef }>;
export type BatchImported = DomainEvent<
  'BatchImported',
  Ref & { importId: string; registered: number; failed: number; failureFileId: string | null; annotations?: ImportedAnnotations }
>;
export type BatchImportFailed = DomainEvent<'BatchImportFailed', Ref & { importId: string; reasonKey: string }>;
export type BatchPaused = DomainEvent<'BatchPaused', Ref & { kind: 'annotation' | 'inspection' }>;
export type BatchResumed = DomainEvent<'BatchResumed', Ref>;
export type BatchStopped = DomainEvent<'BatchStopped', Ref>;
export type BatchDeleted = DomainEvent<'BatchDeleted', Ref>;

export type BatchEvent =
  | BatchCreated
  | BatchEdited
  | BatchImportRequested
  | BatchImported
  | BatchImportFailed
  | BatchPaused
  | BatchResumed
  | BatchStopped
  | BatchDeleted;

/**
 * One chunk of an import, column by column so a million items stay compact. Files that were refused
 * (unreadable, duplicate) travel in the same chunk, so a restarted import knows they were handled.
 * An item's id is not sent: it follows from the batch and the item's place in it (see the items projection).
 */
export interface ItemsChunk {
  importId: string;
  /** The batch order of the first item of this chunk. */
  firstSeq: number;
  /** Where the import stands, 0 to 100, once this chunk is in. */
  progress: number;
  fileNames: string[];
  /** Every item's path is this followed by its file name, unless `paths` says otherwise. */
  pathPrefix: string;
  /** Each item's path, only when some path is not `pathPrefix` + file name; empty otherwise. */
  paths: string[];
  sizes: number[];
  mediaTypes: string[];
  widths: (number | null)[];
  heights: (number | null)[];
  checksums: string[];
  /**
   * Each item's frames, only from the first item of several frames on (null for a picture, which is its own
   * frame 0); absent in a chunk of pictures, and in the chunks of imports from before sequences.
   */
  frames?: (ItemFrames | null)[];
  failedNames: string[];
  /** Message keys, translated when the failure file is read. */
  failedReasons: string[];
  /**
   * Each failure's message parameters (a calibration's missing field, a refused line's value), null where it has
   * none; only from the first failure with some on, and absent in the chunks of imports from before it was kept, so
   * a resumed import says its earlier refusals as its first run did.
   */
  failedParams?: (Record<string, string | number> | null)[];
}

export interface ChunkItem {
  fileName: string;
  path: string;
  size: number;
  mediaType: string;
  width: number | null;
  height: number | null;
  checksum: string;
  /** A folder of images or a video; absent for a picture. */
  frames?: ItemFrames | null;
}

export const emptyItemsChunk = (importId: string, firstSeq: number, pathPrefix: string): ItemsChunk => ({
  importId,
  firstSeq,
  progress: 0,
  fileNames: [],
  pathPrefix,
  paths: [],
  sizes: [],
  mediaTypes: [],
  widths: [],
  heights: [],
  checksums: [],
  failedNames: [],
  failedReasons: [],
});

/** Adds an item; paths are spelled out only from the first one that does not follow the prefix. */
export function addChunkItem(chunk: ItemsChunk, item: ChunkItem): void {
  const spelled = chunk.paths.length > 0 || item.path !== chunk.pathPrefix + item.fileName;
  if (spelled && chunk.paths.length === 0) chunk.paths.push(...chunk.fileNames.map((name) => chunk.pathPrefix + name));
  chunk.fileNames.push(item.fileName);
  if (spelled) chunk.paths.push(item.path);
  chunk.sizes.push(item.size);
  chunk.mediaTypes.push(item.mediaType);
  chunk.widths.push(item.width);
  chunk.heights.push(item.height);
  chunk.checksums.push(item.checksum);
  const frames = item.frames ?? null;
  if (frames && !chunk.frames) chunk.frames = chunk.fileNames.slice(0, -1).map(() => null);
  chunk.frames?.push(frames);
}

/** How many frames each item of a chunk has. */
export const chunkFrameCounts = (chunk: ItemsChunk): number[] => chunk.fileNames.map((_, i) => chunk.frames?.[i]?.count ?? 1);

export function addChunkFailure(chunk: ItemsChunk, fileName: string, reasonKey: string, params?: Record<string, string | number>): void {
  chunk.failedNames.push(fileName);
  chunk.failedReasons.push(reasonKey);
  if (params && !chunk.failedParams) chunk.failedParams = chunk.failedNames.slice(0, -1).map(() => null);
  chunk.failedParams?.push(params ?? null);
}

/** A chunk's failures with their message parameters where they have some. */
export const chunkFailures = (chunk: Pick<ItemsChunk, 'failedNames' | 'failedReasons' | 'failedParams'>): { name: string; reasonKey: string; params?: Record<string, string | number> }[] =>
  chunk.failedNames.map((name, i) => {
    const params = chunk.failedParams?.[i];
    return { name, reasonKey: chunk.failedReasons[i], ...(params ? { params } : {}) };
  });

export type BatchItemsRegistered = DomainEvent<'BatchItemsRegistered', { batchId: string; projectId: string; linkId: string | null } & ItemsChunk>;

export const batchStreamId = (batchId: string): string => `batch-${batchId}`;
/** Registrations live on a stream of their own so the batch's lifecycle commands never fold a million items. */
export const batchItemsStreamId = (batchId: string): string => `batchitems-${batchId}`;

export const batchMachineContext = (state: BatchState): BatchMachineContext => ({ importing: state.importing !== null });
