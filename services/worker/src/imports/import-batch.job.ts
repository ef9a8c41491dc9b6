// The batch import job: receive the data (extract the zip), list it, group it into items by the project's annotation
// type (a file, a folder of frames, a video decoded into frames), probe and hash every file, register items in chunks,
// then import the annotations shipped beside the data: the ground truth a sequence ships beside its frames
// (MOTChallenge's gt/), or a tool's export with its pictures, read for the items once they are in.
import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import {
  AnnotationImport,
  type AppConfig,
  AppError,
  BatchItemsRegistrar,
  batchStateRow,
  type CommandContext,
  CONFIG,
  commandContext,
  EventStore,
  FilesRepository,
  type Storage,
  STORAGE,
  type JobData,
  JobName,
  LifecycleStates,
  subjectOf,
  systemActor,
  Thumbnails,
} from '@annot/core';
import {
  addChunkFailure,
  addChunkItem,
  type AnnotationType,
  batchStreamId,
  chunkFailures,
  emptyItemsChunk,
  frameFileName,
  type ImportedFile,
  type ImportSourceRef,
  isHiddenPath,
  type ItemFrames,
  readSeqinfo,
  type SeqInfo,
} from '@annot/workflows';
import type { JobHandler } from '../jobs/job-handler';
import { FinishImportCommand, type ImportOutcome } from './commands/finish-import.handler';
import { ImportRefused } from './import-refused';
import type { SourceFile } from './import-source';
import { ImportSources } from './import-sources';
import { ImportsRepository } from './imports.repository';
import { type ImportUnit, planImport, seqinfoFileName } from './import-units';
import { examinePicture, examineSequence, type ExaminedUnit, type Failure, mapLimit, readConcurrency } from './unit-examine';
import { mediaTypeByName } from './media-probe';
import { examinePointCloud } from './point-cloud-examine';
import { isPointCloudType } from './point-cloud-units';
import { VideoFrames, VideoUnreadable } from './video-frames';
import { importShipped, splitShipped } from './shipped-annotations';
import { discardUpload, extractUpload } from './upload-extraction';


@Injectable()
export class ImportBatchJob implements JobHandler {
  readonly name = JobName.ImportBatch;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly registrar: BatchItemsRegistrar,
    private readonly annotations: AnnotationImport,
    private readonly events: EventStore,
    private readonly sources: ImportSources,
    private readonly thumbnails: Thumbnails,
    private readonly videos: VideoFrames,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly imports: ImportsRepository,
    private readonly files: FilesRepository,
  ) {}

  async handle(job: Job<JobData<JobName.ImportBatch>>): Promise<{ registered: number; failed: number } | { skipped: true }> {
    const { batchId, importId } = job.data;
    const subject = subjectOf({ name: this.name, data: job.data });
    const report = (progress: number) => job.updateProgress({ progress, name: this.name, subject });
    // Command ids come from the import, so a job delivered twice or killed and re-run appends nothing twice.
    const context = (step: string) => commandContext(systemActor, { commandId: `${importId}:${step}`, correlationId: importId, causationId: String(job.id) });

    const { state } = await this.states.read(batchStateRow, batchId);
    if (state.importing?.importId !== importId) return { skipped: true };
    const source = state.importing.source;
    await report(0);

    let outcome: ImportOutcome;
    try {
      if (source.type === 'zip') await this.extract(source, batchId, importId);
      outcome = await this.registerAll(source, batchId, state.projectId!, importId, context, report);
    } catch (error) {
      if (error instanceof ImportRefused) {
        await this.discard(source, batchId, importId);
        outcome = { ok: false, reasonKey: error.reasonKey };
      } else if (error instanceof AppError && error.status === 409 && error.errCode !== 'VERSION_CONFLICT') {
        // The batch was deleted or moved on while the import ran: nothing is left to finish.
        return { skipped: true };
      } else {
        throw error;
      }
    }
    await this.commands.execute(new FinishImportCommand(batchId, importId, outcome, context('finish')));
    await report(100);
    return outcome.ok ? { registered: outcome.registered, failed: outcome.failed } : { registered: 0, failed: 0 };
  }

  private async extract(source: Extract<ImportSourceRef, { type: 'zip' }>, batchId: string, importId: string): Promise<void> {
    await extractUpload(this.storage, this.config.storageDir, source.upload, this.sources.extractedFolder(batchId, importId));
  }

  private async discard(source: ImportSourceRef, batchId: string, importId: string): Promise<void> {
    if (source.type === 'zip') await discardUpload(this.storage, source.upload, this.sources.extractedFolder(batchId, importId));
  }

  private async registerAll(
    ref: ImportSourceRef,
    batchId: string,
    projectId: string,
    importId: string,
    context: (step: string) => ReturnType<typeof commandContext>,
    report: (progress: number) => Promise<void>,
  ): Promise<ImportOutcome> {
    const listed: SourceFile[] = [];
    for await (const file of this.sources.open(ref, batchId, importId).list()) if (!isHiddenPath(file.name)) listed.push(file);
    const { data: files, shipped } = splitShipped(listed, ref.annotations);
    if (files.length === 0) throw new ImportRefused('batches.no_files');
    const annotationType = await this.imports.annotationType(projectId);
    const plan = planImport(files, annotationType, rootName(ref), annotationType === 'picture_continuous_frame' ? await motSequences(files) : new Map());

    // New items wait in the pool of the project's first link, fixed now so a links edit cannot slip in before they land.
    const linkId = await this.registrar.poolLink({ batchId, projectId, importId }, context('link'));
    const before = await this.registrar.progress(batchId, importId);
    const contents = await this.registrar.contents(batchId);
    const failures: Failure[] = [...before.failures];
    // Files accepted with something to say (the same bytes as another item's), or left out on purpose.
    const notes: Failure[] = plan.skipped.map((file) => ({ ...file }));
    let registered = before.registered;
    let version = before.version;
    let seq = before.nextSeq;
    const total = plan.units.length + plan.refused.length;
    let handled = [...plan.units, ...plan.refused].filter((unit) => before.handled.has(unit.name)).length;
    const refused = plan.refused.filter((file) => !before.handled.has(file.name));
    const chunks = chunkUnits(plan.units.filter((unit) => !before.handled.has(unit.name)), this.config.importChunkSize);
    // Where a file's location starts when it ends with its name, so the events need not spell every path out.
    const first = files[0];
    const pathPrefix = first.location.endsWith(first.name) ? first.location.slice(0, first.location.length - first.name.length) : '';
    if (chunks.length === 0 && refused.length > 0) chunks.push([]);

    // Annotations shipped beside the pictures take the second half of the bar, read after the pictures are items.
    const registering = shipped ? 50 : 100;
    const share = (done: number) => Math.min(99, Math.floor((done / total) * registering));
    const examineChunk = (units: ImportUnit[]) =>
      mapLimit(units, units.some((unit) => unit.kind !== 'picture') ? 1 : readConcurrency, (unit) =>
        this.examineUnit(unit, annotationType, (part) => report(share(handled + part))),
      );
    let next = examineChunk(chunks[0] ?? []);
    for (let c = 0; c < chunks.length; c++) {
      const units = chunks[c];
      const chunk = emptyItemsChunk(importId, seq, pathPrefix);
      if (c === 0) refused.forEach((file) => addChunkFailure(chunk, file.name, file.reasonKey));
      const examined = await next;
      // The next files are read and hashed while this chunk is written.
      if (c + 1 < chunks.length) next = examineChunk(chunks[c + 1]);
      // Files whose bytes another item's stored file already holds: removed once their items are registered.
      const shared: string[] = [];
      examined.forEach((result, i) => {
        const unit = units[i];
        // The events keep each failure's parameters (a cloud's missing field), so a resumed import says them too.
        result.failures.forEach((failure) => addChunkFailure(chunk, failure.name, failure.reasonKey, failure.params));
        if (!result.ok) return addChunkFailure(chunk, unit.name, result.reasonKey);
        // Control characters have no place in a file name, and the items projection separates values with one.
        if (/[\x00-\x1f]/.test(unit.name) || /[\x00-\x1f]/.test(result.item.path)) return addChunkFailure(chunk, unit.name, 'batches.reason_unsupported');
        const item = { ...result.item, fileName: unit.name };
        const same = contents.get(item.checksum);
        if (!same) contents.set(item.checksum, { fileName: unit.name, path: unit.kind === 'picture' ? item.path : null });
        else {
          notes.push({ name: unit.name, reasonKey: 'exports.import.warn_same_file', params: { value: same.fileName } });
          // A picture reads the first one's file; an extracted zip's copy of it is ours to remove.
          if (unit.kind === 'picture' && same.path) {
            if (ref.type === 'zip') shared.push(item.path);
            item.path = same.path;
          }
        }
        addChunkItem(chunk, item);
      });
      handled += units.length + (c === 0 ? refused.length : 0);
      chunk.progress = share(handled);
      const appended = await this.registrar.register({ batchId, projectId, linkId, expectedVersion: version }, chunk, context(`chunk:${version}`));
      // Another run of this job got there first: start again from what the stream now holds.
      if (appended.duplicate) throw new Error(`import ${importId}: chunk at version ${version} was registered by another run`);
      version = appended.version;
      for (const location of shared) await this.storage.remove(location);
      seq += chunk.fileNames.length;
      registered += chunk.fileNames.length;
      failures.push(...chunkFailures(chunk));
      await report(chunk.progress);
    }
    const truth = await this.importTruth(plan.units, batchId, projectId, importId, context('truth'));
    notes.push(...truth.warnings);
    const refusals = truth.refusals.filter((refusal) => !before.handled.has(refusal.name));
    if (refusals.length > 0) {
      // The refused lines count as the import's failures, kept in its events like a refused file's.
      const chunk = emptyItemsChunk(importId, seq, pathPrefix);
      refusals.forEach((refusal) => addChunkFailure(chunk, refusal.name, refusal.reasonKey, refusal.params));
      chunk.progress = 99;
      const appended = await this.registrar.register({ batchId, projectId, linkId, expectedVersion: version }, chunk, context(`chunk:${version}`));
      if (appended.duplicate) throw new Error(`import ${importId}: chunk at version ${version} was registered by another run`);
      version = appended.version;
      refusals.forEach((refusal) => failures.push(refusal));
    }
    // What a tool's export shipped beside its pictures: its refused and skipped lines are notes of the report.
    const annotated = shipped
      ? await importShipped(this.annotations, { batchId, projectId, shipped, paths: listed.map((f) => f.name), progress: (part) => report(Math.min(99, registering + Math.floor(part * (100 - registering)))) }, context('annotations'))
      : null;
    if (annotated) notes.push(...annotated.lines);
    const failureFileId = failures.length + notes.length > 0 ? await this.storeReport(importId, [...failures, ...notes]) : null;
    return { ok: true, registered, failed: failures.length, failureFileId, ...(annotated ? { annotations: annotated.summary } : {}) };
  }

  /**
   * The ground truth shipped beside the sequences' frames (MOTChallenge's gt/gt.txt), imported as the uploader's
   * starting results once the items are in: its refused lines and its warnings, for the import's report.
   */
  private async importTruth(units: ImportUnit[], batchId: string, projectId: string, importId: string, context: CommandContext): Promise<{ refusals: Failure[]; warnings: Failure[] }> {
    const files: ImportedFile[] = [];
    for (const unit of units) {
      if (unit.kind !== 'sequence' || !unit.truth?.length) continue;
      // The decoder names the sequence by the folder holding gt/: the item's own name, also for the upload's root.
      for (const file of unit.truth) files.push({ path: `${unit.name}/gt/${path.posix.basename(file.name)}`, content: await file.read() });
    }
    if (files.length === 0) return { refusals: [], warnings: [] };
    const { events } = await this.events.readStream(batchStreamId(batchId));
    const requested = events.find((event) => event.type === 'BatchImportRequested' && event.data.importId === importId);
    const actor = requested ? { id: requested.metadata.actorId, role: requested.metadata.actorRole } : context.actor;
    const outcome = await this.annotations.run({ batchId, projectId, format: 'mot', mode: 'good', files }, { ...context, actor });
    const line = (said: { source: string; reasonKey: string; params?: Record<string, string | number> }): Failure => ({ name: said.source, reasonKey: said.reasonKey, ...(said.params ? { params: said.params } : {}) });
    return { refusals: outcome.refusals.map(line), warnings: outcome.warnings.map(line) };
  }

  /** One item's files read, probed and hashed; `progress` hears how far a long one (a video) has got, 0 to 1. */
  private async examineUnit(unit: ImportUnit, annotationType: AnnotationType | null, progress: (share: number) => Promise<void>): Promise<ExaminedUnit> {
    switch (unit.kind) {
      case 'point-cloud':
        if (!isPointCloudType(annotationType)) throw new Error(`a point-cloud item in a project of type ${annotationType}`);
        return examinePointCloud(unit, annotationType, this.storage, this.thumbnails, progress);
      case 'picture':
        return examinePicture(unit.file, this.thumbnails);
      case 'sequence':
        return examineSequence(unit, this.thumbnails);
      case 'video':
        return this.examineVideo(unit.file, progress);
    }
  }

  private async examineVideo(file: SourceFile, progress: (share: number) => Promise<void>): Promise<ExaminedUnit> {
    // A file of a bucket is copied to this disk first: ffmpeg seeks in it (an mp4's index may sit at its end).
    const copy = file.localPath ? null : path.join(os.tmpdir(), `import-${randomUUID()}${path.extname(file.name)}`);
    try {
      if (copy) await writeFile(copy, await file.read());
      let reported = -1;
      const { checksum, video } = await this.videos.decode(file.localPath ?? copy!, (share) => {
        const step = Math.floor(share * 20);
        if (step === reported) return;
        reported = step;
        return progress(share);
      });
      const frames: ItemFrames = { pathPrefix: `${video.folder}/`, count: video.count, fileNames: [], widths: [video.width], heights: [video.height], timestamps: video.timestamps, frameRate: video.frameRate };
      // A preview that could not be kept never fails the import; the first request for it makes it again.
      await this.thumbnails.ensure(checksum, () => this.storage.read(frames.pathPrefix + frameFileName(0))).catch(() => false);
      return { ok: true, item: { fileName: file.name, path: file.location, size: file.size, mediaType: mediaTypeByName(file.name) ?? 'application/octet-stream', width: video.width, height: video.height, checksum, frames }, failures: [] };
    } catch (error) {
      if (error instanceof VideoUnreadable) return { ok: false, reasonKey: error.reasonKey, failures: [] };
      throw error;
    } finally {
      if (copy) await rm(copy, { force: true });
    }
  }

  /** The import's report, its failures and then its notes, with their message keys; the download translates them into the reader's language. */
  private async storeReport(importId: string, failures: Failure[]): Promise<string> {
    const fileId = uuidFrom(`${importId}:failures`);
    const content = Buffer.from(JSON.stringify(failures));
    await this.files.storeOnce(fileId, `failures-${importId}.json`, 'application/json', content);
    return fileId;
  }
}

/** Items in chunks of about `size` files: a chunk of pictures, folders up to as many frames, a video alone. */
function chunkUnits(units: ImportUnit[], size: number): ImportUnit[][] {
  const chunks: ImportUnit[][] = [];
  let current: ImportUnit[] = [];
  let weight = 0;
  for (const unit of units) {
    const cost = unit.kind === 'picture' ? 1 : unit.kind === 'sequence' ? unit.frames.length : unit.kind === 'point-cloud' ? unit.clouds.length : size;
    if (current.length > 0 && weight + cost > size) {
      chunks.push(current);
      current = [];
      weight = 0;
    }
    current.push(unit);
    weight += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The folders of an upload that hold a readable MOTChallenge seqinfo.ini, with what it says ('.' for the root). */
async function motSequences(files: SourceFile[]): Promise<Map<string, SeqInfo>> {
  const sequences = new Map<string, SeqInfo>();
  for (const file of files) {
    if (path.posix.basename(file.name) !== seqinfoFileName) continue;
    const info = readSeqinfo((await file.read().catch(() => Buffer.alloc(0))).toString('utf8'));
    if (info) sequences.set(path.posix.dirname(file.name), info);
  }
  return sequences;
}

/** What a folder of images at the source's root is called: the zip's or the folder's own name. */
function rootName(ref: ImportSourceRef): string {
  const named = ref.type === 'zip' ? ref.fileName.replace(/\.zip$/i, '') : ref.type === 'local' ? ref.path : ref.prefix;
  return path.posix.basename(named.replace(/\/+$/, '')) || 'frames';
}


/** A stable uuid for a name, so a re-run stores the same file under the same id. */
function uuidFrom(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
