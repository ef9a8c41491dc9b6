// The annotation import job: the upload read back from storage as streams (a zip extracted first), decoded, matched
// and written as the requester's starting results a chunk at a time, its progress recorded as it goes; then what it
// wrote and what it said of the lines, or the refusal. The upload is removed once the import has ended.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import {
  AnnotationImport,
  type AnnotationImportOutcome,
  annotationImportStateRow,
  type AppConfig,
  commandContext,
  CONFIG,
  type JobData,
  JobName,
  LifecycleStates,
  type Storage,
  STORAGE,
  type StreamedAnnotationFile,
  subjectOf,
  systemActor,
} from '@annot/core';
import { type AnnotationImportLine, type AnnotationImportState, annotationImportLinesKept, type DecodeRefusal, isHiddenPath } from '@annot/workflows';
import { ImportRefused } from '../imports/import-refused';
import { discardUpload, extractUpload } from '../imports/upload-extraction';
import type { JobHandler } from '../jobs/job-handler';
import { RecordAnnotationImportStepCommand } from './commands/record-annotation-import-step.handler';

/** Progress is recorded as an event each time it has moved on this many percent. */
const progressStep = 5;

type Upload = AnnotationImportState['uploads'][number];

const kept = (lines: DecodeRefusal[]): AnnotationImportLine[] => lines.slice(0, annotationImportLinesKept).map(({ source, reasonKey, params }) => ({ source, reasonKey, ...(params ? { params } : {}) }));

@Injectable()
export class AnnotationImportJob implements JobHandler {
  readonly name = JobName.ImportAnnotations;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly annotations: AnnotationImport,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(job: Job<JobData<JobName.ImportAnnotations>>): Promise<{ items: number; objects: number } | { skipped: true }> {
    const { importId } = job.data;
    const { state } = await this.states.read(annotationImportStateRow, importId);
    if (state.status !== 'queued' && state.status !== 'running') return { skipped: true };
    // Command ids come from the import, so a job delivered twice or re-run after a crash writes no chunk and no step twice.
    const context = (step: string) => commandContext(systemActor, { commandId: `${importId}:${step}`, correlationId: importId, causationId: String(job.id) });
    const subject = subjectOf({ name: this.name, data: job.data });
    let recorded = -progressStep;
    const report = async (progress: number) => {
      await job.updateProgress({ progress, name: this.name, subject });
      if (progress - recorded < progressStep) return;
      recorded = progress;
      await this.commands.execute(new RecordAnnotationImportStepCommand(importId, { kind: 'progress', data: { progress } }, context(`progress:${progress}`)));
    };
    await report(0);

    let outcome: AnnotationImportOutcome;
    try {
      const files = await this.files(importId, state.uploads);
      const by = state.by!;
      outcome = await this.annotations.run(
        { batchId: state.batchId!, projectId: state.projectId!, format: state.format!, mode: state.mode, files, progress: (share) => report(Math.min(99, Math.floor(share * 100))) },
        commandContext(by, { commandId: `${importId}:annotations`, correlationId: importId, causationId: String(job.id) }),
      );
    } catch (error) {
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!(error instanceof ImportRefused) && !lastTry) throw error;
      const refusal: { reasonKey: string; params: Record<string, string> } =
        error instanceof ImportRefused ? { reasonKey: error.reasonKey, params: {} } : { reasonKey: 'exports.import.job_failed', params: { detail: (error as Error).message } };
      await this.commands.execute(new RecordAnnotationImportStepCommand(importId, { kind: 'fail', data: { ...refusal, refusals: [], warnings: [], refused: 0, warned: 0 } }, context('fail')));
      await this.discard(importId, state.uploads);
      return { items: 0, objects: 0 };
    }

    const said = { refusals: kept(outcome.refusals), warnings: kept(outcome.warnings), refused: outcome.refusals.length, warned: outcome.warnings.length };
    if (outcome.written) {
      const { items, objects, dropped } = outcome;
      await this.commands.execute(new RecordAnnotationImportStepCommand(importId, { kind: 'finish', data: { items, objects, dropped, ...said } }, context('finish')));
    } else {
      // An upload that writes nothing is refused with every line, or with why there was nothing to read.
      const refusals = said.refusals.length > 0 ? said.refusals : [{ source: '-', reasonKey: 'exports.import.no_files' }];
      await this.commands.execute(
        new RecordAnnotationImportStepCommand(importId, { kind: 'fail', data: { reasonKey: 'exports.import.failed', params: {}, ...said, refusals, refused: Math.max(said.refused, refusals.length) } }, context('fail')),
      );
    }
    await job.updateProgress({ progress: 100, name: this.name, subject });
    await this.discard(importId, state.uploads);
    return { items: outcome.written ? outcome.items : 0, objects: outcome.written ? outcome.objects : 0 };
  }

  /** The upload's files as streams from storage: a file sent as itself, a zip's files once it is extracted beside it. */
  private async files(importId: string, uploads: Upload[]): Promise<StreamedAnnotationFile[]> {
    const files: StreamedAnnotationFile[] = [];
    for (const [index, upload] of uploads.entries()) {
      if (!upload.zip) {
        if (!isHiddenPath(upload.name)) files.push({ path: upload.name, size: upload.size, open: () => this.storage.get(upload.key) });
        continue;
      }
      const folder = extractedFolder(importId, index);
      await extractUpload(this.storage, this.config.storageDir, upload.key, folder);
      for (const key of await this.storage.list(folder)) {
        const path = key.slice(folder.length + 1);
        if (isHiddenPath(path)) continue;
        const size = (await this.storage.stat(key))?.size ?? 0;
        files.push({ path, size, open: () => this.storage.get(key) });
      }
    }
    return files;
  }

  private async discard(importId: string, uploads: Upload[]): Promise<void> {
    for (const [index, upload] of uploads.entries()) {
      if (upload.zip) await discardUpload(this.storage, upload.key, extractedFolder(importId, index));
      else await this.storage.remove(upload.key);
    }
  }
}

const extractedFolder = (importId: string, index: number) => `annotation-imports/${importId}/${index}`;
