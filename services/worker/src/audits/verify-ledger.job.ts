// The ledger verification job: start the run, re-check the hash chain with progress, record the verdict.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { commandContext, DATABASE, type Db, type JobData, JobName, subjectOf, systemActor, verifyLedger } from '@annot/core';
import type { JobHandler } from '../jobs/job-handler';
import { FinishAuditCommand } from './commands/finish-audit.handler';
import { StartAuditCommand } from './commands/start-audit.handler';

@Injectable()
export class VerifyLedgerJob implements JobHandler {
  readonly name = JobName.VerifyLedger;

  constructor(
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async handle(job: Job<JobData<JobName.VerifyLedger>>): Promise<{ ok: boolean; checked: number }> {
    const { auditId } = job.data;
    const subject = subjectOf({ name: this.name, data: job.data });
    // Command ids come from the job id, so a retried or duplicated job changes nothing twice.
    const context = (step: string) =>
      commandContext(systemActor, { commandId: `${job.id}:${step}`, correlationId: auditId, causationId: job.id ?? null });
    await this.commands.execute(new StartAuditCommand(auditId, String(job.id), context('start')));
    await job.updateProgress({ progress: 0, name: this.name, subject });
    const verdict = await verifyLedger(this.db, {
      onProgress: (checked, total) =>
        job.updateProgress({ progress: total === 0 ? 100 : Math.floor((checked / total) * 100), name: this.name, subject }),
    });
    await this.commands.execute(new FinishAuditCommand(auditId, verdict, context('finish')));
    await job.updateProgress({ progress: 100, name: this.name, subject });
    return { ok: verdict.ok, checked: verdict.checked };
  }
}
