// A download's retention timer, run by BullMQ when its days are up: the archive is removed and the record says so.
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { AppError, commandContext, exportStateRow, type JobData, JobName, LifecycleStates, systemActor } from '@annot/core';
import type { JobHandler } from '../jobs/job-handler';
import { RecordExportStepCommand } from './commands/record-export-step.handler';
import { ExportDestinations } from './export-destinations';

@Injectable()
export class ExpireExportJob implements JobHandler {
  readonly name = JobName.ExpireExport;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly destinations: ExportDestinations,
  ) {}

  async handle(job: Job<JobData<JobName.ExpireExport>>): Promise<{ expired: boolean }> {
    const { exportId } = job.data;
    const { state } = await this.states.read(exportStateRow, exportId);
    if (state.status !== 'succeeded' && state.status !== 'expired') return { expired: false };
    // Removed first and recorded after: a run that dies in between removes nothing twice and records once.
    await this.destinations.removeDownload(exportId);
    if (state.status === 'expired') return { expired: true };
    try {
      await this.commands.execute(new RecordExportStepCommand(exportId, { kind: 'expire' }, commandContext(systemActor, { commandId: `${exportId}:expire`, correlationId: exportId, causationId: String(job.id) })));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
    return { expired: true };
  }
}
