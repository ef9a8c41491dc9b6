// A claim's auto-recycle timer, run by BullMQ at the claim's deadline: it sends the expiry command, once per claim.
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { AppError, commandContext, expiryCommandId, type JobData, JobName, systemActor } from '@annot/core';
import { type JobHandler, waitAgain } from '../jobs/job-handler';
import { ExpireClaimCommand } from './commands/expire-claim.handler';

@Injectable()
export class ExpireClaimJob implements JobHandler {
  readonly name = JobName.ExpireClaim;

  constructor(private readonly commands: CommandBus) {}

  async handle(job: Job<JobData<JobName.ExpireClaim>>, token?: string): Promise<{ expired: boolean }> {
    const { itemId, claimId } = job.data;
    const context = commandContext(systemActor, { commandId: expiryCommandId(claimId), correlationId: claimId, causationId: String(job.id) });
    try {
      return await this.commands.execute(new ExpireClaimCommand(itemId, claimId, context));
    } catch (error) {
      if (!(error instanceof AppError && error.messageKey === 'items.claim_not_due')) throw error;
      // Early (promoted, or a clock behind the API's): wait again until the deadline, without spending an attempt.
      return await waitAgain(job, token, Date.parse(String(error.params.deadline)));
    }
  }
}
