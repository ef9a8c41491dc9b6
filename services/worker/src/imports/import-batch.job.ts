// The batch import job: receive the data (extract the zip), list it, probe and hash every file, register items in chunks.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import {
  type AppConfig,
  AppError,
  BatchItemsRegistrar,
  batchLifecycle,
  CommandPipeline,
  CONFIG,
  commandContext,
  DATABASE,
  type Db,
  type JobData,
  JobName,
  subjectOf,
  systemActor,
  Thumbnails,
} from '@annot/core';
import {
  batchStreamId,
  type ImportSourceRef,
  addChunkFailure,
  addChunkItem,
  emptyItemsChunk,
} from '@annot/workflows';
import type { JobHandler } from '../jobs/job-handler';
import { FinishImportCommand, type ImportOutcome } from './commands/finish-import.handler';
import { ImportRefused } from './import-refused';
import type { SourceFile } from './import-source';
import { ImportSources } from './import-sources';
import { isHidden, probe } from './media-probe';
import { extractZip } from './zip-extract';

/** Files read and hashed at once; object stores answer slowly one by one. */
const readConcurrency = 8;

type Failure = { name: string; reasonKey: string };

@Injectable()
export class ImportBatchJob implements JobHandler {
  readonly name = JobName.ImportBatch;

  constructor(
    private readonly commands: CommandBus,
    private readonly pipeline: CommandPipeline,
    private readonly registrar: BatchItemsRegistrar,
    private readonly sources: ImportSources,
    private readonly thumbnails: Thumbnails,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async handle(job: Job<JobData<JobName.ImportBatch>>): Promise<{ registered: number; failed: number } | { skipped: true }> {
    const { batchId, importId } = job.data;
    const subject = subjectOf({ name: this.name, data: job.data });
    const report = (progress: number) => job.updateProgress({ progress, name: this.name, subject });
    // Command ids come from the import, so a job delivered twice or killed and re-run appends nothing twice.
    const context = (step: string) => commandContext(systemActor, { commandId: `${importId}:${step}`, correlationId: importId, causationId: String(job.id) });

    const { state } = await this.pipeline.load(batchLifecycle, batchStreamId(batchId));
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

  private storagePath(relative: string): string {
    return path.resolve(this.config.storageDir, ...relative.split('/'));
  }

  /**
   * Extracts into a side folder of this run, renamed into place once whole: a re-run knows whether extraction
   * finished, and two runs of one job never write into each other's folder.
   */
  private async extract(source: Extract<ImportSourceRef, { type: 'zip' }>, batchId: string, importId: string): Promise<void> {
    const target = this.storagePath(this.sources.extractedFolder(batchId, importId));
    if (await exists(target)) return;
    const partial = `${target}.partial-${randomUUID()}`;
    await mkdir(partial, { recursive: true });
    try {
      await extractZip(this.storagePath(source.upload), partial);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
    await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
      await rm(partial, { recursive: true, force: true });
      // Another run finished the same extraction first; its folder is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    await rm(this.storagePath(source.upload), { force: true });
  }

  /** A refused import leaves nothing behind: no upload, no extracted file, no empty folder. */
  private async discard(source: ImportSourceRef, batchId: string, importId: string): Promise<void> {
    if (source.type !== 'zip') return;
    const target = this.storagePath(this.sources.extractedFolder(batchId, importId));
    await rm(target, { recursive: true, force: true });
    await rm(this.storagePath(source.upload), { force: true });
    await rmdir(path.dirname(target)).catch(() => undefined);
  }

  private async registerAll(
    ref: ImportSourceRef,
    batchId: string,
    projectId: string,
    importId: string,
    context: (step: string) => ReturnType<typeof commandContext>,
    report: (progress: number) => Promise<void>,
  ): Promise<ImportOutcome> {
    const files: SourceFile[] = [];
    for await (const file of this.sources.open(ref, batchId, importId).list()) if (!isHidden(file.name)) files.push(file);
    if (files.length === 0) throw new ImportRefused('batches.no_files');

    // New items wait in the pool of the project's first link, fixed now so a links edit cannot slip in before they land.
    const linkId = await this.registrar.poolLink({ batchId, projectId, importId }, context('link'));
    const before = await this.registrar.progress(batchId, importId);
    const checksums = await this.registrar.checksums(batchId);
    const failures: Failure[] = [...before.failures];
    let registered = before.registered;
    let version = before.version;
    let seq = before.nextSeq;
    let handled = before.handled.size;
    const pending = files.filter((file) => !before.handled.has(file.name));
    // Where a file's location starts when it ends with its name, so the events need not spell every path out.
    const first = files[0];
    const pathPrefix = first.location.endsWith(first.name) ? first.location.slice(0, first.location.length - first.name.length) : '';

    const chunkSize = this.config.importChunkSize;
    const examineFrom = (start: number) => mapLimit(pending.slice(start, start + chunkSize), readConcurrency, (file) => examine(file, this.thumbnails));
    let next = examineFrom(0);
    for (let start = 0; start < pending.length; start += chunkSize) {
      const slice = pending.slice(start, start + chunkSize);
      const chunk = emptyItemsChunk(importId, seq, pathPrefix);
      const examined = await next;
      // The next files are read and hashed while this chunk is written.
      if (start + chunkSize < pending.length) next = examineFrom(start + chunkSize);
      examined.forEach((result, i) => {
        const file = slice[i];
        if (!result.ok) return addChunkFailure(chunk, file.name, result.reasonKey);
        // Control characters have no place in a file name, and the items projection separates values with one.
        if (/[\x00-\x1f]/.test(file.name) || /[\x00-\x1f]/.test(file.location)) return addChunkFailure(chunk, file.name, 'batches.reason_unsupported');
        if (checksums.has(result.checksum)) return addChunkFailure(chunk, file.name, 'batches.reason_duplicate');
        checksums.add(result.checksum);
        const { mediaType, width, height, checksum } = result;
        addChunkItem(chunk, { fileName: file.name, path: file.location, size: file.size, mediaType, width, height, checksum });
      });
      handled += slice.length;
      chunk.progress = Math.min(99, Math.floor((handled / files.length) * 100));
      const appended = await this.registrar.register({ batchId, projectId, linkId, expectedVersion: version }, chunk, context(`chunk:${version}`));
      // Another run of this job got there first: start again from what the stream now holds.
      if (appended.duplicate) throw new Error(`import ${importId}: chunk at version ${version} was registered by another run`);
      version = appended.version;
      seq += chunk.fileNames.length;
      registered += chunk.fileNames.length;
      chunk.failedNames.forEach((name, i) => failures.push({ name, reasonKey: chunk.failedReasons[i] }));
      await report(chunk.progress);
    }
    const failureFileId = failures.length > 0 ? await this.storeFailures(importId, failures) : null;
    return { ok: true, registered, failed: failures.length, failureFileId };
  }

  /** The failures with their message keys; the download translates them into the reader's language. */
  private async storeFailures(importId: string, failures: Failure[]): Promise<string> {
    const fileId = uuidFrom(`${importId}:failures`);
    const content = Buffer.from(JSON.stringify(failures));
    await this.db
      .insertInto('files')
      .values({ file_id: fileId, name: `failures-${importId}.json`, media_type: 'application/json', size: content.length, sha256: createHash('sha256').update(content).digest('hex'), content })
      .onConflict((oc) => oc.column('file_id').doNothing())
      .execute();
    return fileId;
  }
}

type Examined = { ok: true; checksum: string; mediaType: string; width: number | null; height: number | null } | { ok: false; reasonKey: string };

/** Reads, probes and hashes a file; an image gets its thumbnail while its bytes are in hand, so no one reads it again for that. */
async function examine(file: SourceFile, thumbnails: Thumbnails): Promise<Examined> {
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
  if (probed.width !== null) await thumbnails.ensure(checksum, async () => content).catch(() => false);
  return { ...probed, checksum };
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
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

/** A stable uuid for a name, so a re-run stores the same file under the same id. */
function uuidFrom(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}
