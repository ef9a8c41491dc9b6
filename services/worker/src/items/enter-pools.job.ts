// After publishing: each item imported before the project had links enters the first link's pool, a page per
// transaction, as the system. A re-run finds only the items still waiting with no link.
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { actionDecider, CommandPipeline, commandContext, type JobData, JobName, ItemWork, systemActor } from '@annot/core';
import type { JobHandler } from '../jobs/job-handler';
import { ItemsRepository } from './items.repository';

const pageSize = 200;

@Injectable()
export class EnterPoolsJob implements JobHandler {
  readonly name = JobName.EnterPools;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly items: ItemsRepository,
    private readonly work: ItemWork,
  ) {}

  async handle(job: Job<JobData<JobName.EnterPools>>): Promise<{ entered: number }> {
    const { projectId } = job.data;
    let entered = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
      const page = await this.items.unlinked(projectId, after, pageSize);
      if (page.length === 0) return { entered };
      const context = commandContext(systemActor, { correlationId: projectId, causationId: String(job.id) });
      const { results } = await this.pipeline.transact(context, async (unit) => {
        const { plan } = await this.work.plan(unit, projectId);
        if (plan.links.length === 0) return;
        for (const item of page) await this.work.run(unit, item, plan, systemActor, actionDecider({ name: 'enter', body: {} }, null));
      });
      entered += results.length;
      after = page[page.length - 1].itemId;
    }
  }
}
