// The export job: start (again, after a crash or after a stopping worker gave it back), read the scope by pages,
// encode each page straight into the zip, deliver the whole archive, and record the volume; a refusal or the last
// failed try records why it failed.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { type AppConfig, commandContext, CONFIG, exportStateRow, type JobData, JobName, LifecycleStates, subjectOf, systemActor } from '@annot/core';
import { type JobHandler, waitAgain } from '../jobs/job-handler';
import { RecordExportStepCommand } from './commands/record-export-step.handler';
import { ExportDestinations } from './export-destinations';
import { ExportMedia } from './export-media';
import { ExportRefused } from './export-refused';
import { ExportStopped, type Volume, writeExport } from './export-writing';
import { type ExportRecord, ExportsRepository } from './exports.repository';

@Injectable()
export class ExportJob implements JobHandler {
  readonly name = JobName.Export;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly destinations: ExportDestinations,
    private readonly media: ExportMedia,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly exports: ExportsRepository,
  ) {}

  async handle(job: Job<JobData<JobName.Export>>, token?: string, stop?: AbortSignal): Promise<Volume | { skipped: true }> {
    const { exportId } = job.data;
    const { state } = await this.states.read(exportStateRow, exportId);
    if (state.status !== 'queued' && state.status !== 'running') return { skipped: true };
    const attempt = state.attempts + 1;
    // Command ids name the attempt, so a step delivered twice is recorded once and a new attempt records its own.
    const context = (step: string) => commandContext(systemActor, { commandId: `${exportId}:${attempt}:${step}`, correlationId: exportId, causationId: String(job.id) });
    const subject = subjectOf({ name: this.name, data: job.data });
    const report = (progress: number) => job.updateProgress({ progress, name: this.name, subject });

    await this.commands.execute(new RecordExportStepCommand(exportId, { kind: 'start', data: { attempt } }, context('start')));
    await report(0);
    const record = await this.exports.record(exportId);
    const started = Date.now();
    const workDir = path.resolve(this.config.storageDir, 'tmp', 'exports', `${exportId}-${attempt}`);
    try {
      await mkdir(workDir, { recursive: true });
      const { volume, location } = await this.written(exportId, record, workDir, report, stop);
      const expiresAt = record.destination.type === 'download' ? new Date(Date.now() + this.config.exportRetentionDays * this.config.exportDayMs).toISOString() : null;
      await this.commands.execute(
        new RecordExportStepCommand(exportId, { kind: 'succeed', data: { ...volume, tookMs: Date.now() - started, location, expiresAt } }, context('succeed')),
      );
      await report(100);
      return volume;
    } catch (error) {
      // Its worker is stopping: the attempt is abandoned, and the next worker starts a new one. (Awaited here, so its
      // DelayedError is not left unheard while the work folder is removed.)
      if (error instanceof ExportStopped) await waitAgain(job, token);
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!(error instanceof ExportRefused) && !lastTry) throw error;
      const { reasonKey, params } = error instanceof ExportRefused ? error : { reasonKey: 'exports.failed_write', params: { detail: (error as Error).message } };
      await this.commands.execute(new RecordExportStepCommand(exportId, { kind: 'fail', data: { reasonKey, params } }, context('fail')));
      return { items: 0, objects: 0, bytes: 0 };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The archive written and delivered: a download stored as it is written, any other destination given the finished file. */
  private async written(
    exportId: string,
    record: ExportRecord,
    workDir: string,
    report: (progress: number) => Promise<unknown>,
    stop: AbortSignal | undefined,
  ): Promise<{ volume: Volume; location: string | null }> {
    const target = { workDir, pageSize: this.config.exportPageSize, media: this.media, stop };
    const destination = record.destination;
    if (destination.type !== 'download') {
      const archivePath = path.join(workDir, 'archive.zip');
      const volume = await writeExport(this.exports, record, { ...target, archive: archivePath }, report);
      return { volume, location: await this.destinations.deliver(destination, record.fileName, archivePath) };
    }
    const download = this.destinations.download(exportId);
    try {
      const volume = await writeExport(this.exports, record, { ...target, archive: download.archive }, report);
      await download.stored;
      return { volume, location: null };
    } catch (error) {
      // Abandoned, the upload stores nothing; it is let go of before the failure is recorded or the job tried again.
      download.archive.destroy();
      await download.stored.catch(() => undefined);
      throw error;
    }
  }
}
