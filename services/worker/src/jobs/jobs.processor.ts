// The BullMQ processor of the jobs queue: routes each job to its handler; start-up fails if a name has none.
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type AppConfig, CONFIG, jobQueue, JobName } from '@annot/core';
import { JOB_HANDLERS, type JobHandler } from './job-handler';

// Started by hand once the lock and stalled-check intervals from the settings are in place.
@Processor(jobQueue, { concurrency: 4, autorun: false })
export class JobsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly byName: Map<string, JobHandler>;

  constructor(
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.byName = new Map(handlers.map((h) => [h.name, h]));
    const missing = Object.values(JobName).filter((name) => !this.byName.has(name));
    if (missing.length > 0) throw new Error(`No handler for jobs: ${missing.join(', ')}`);
  }

  onApplicationBootstrap(): void {
    this.worker.on('error', () => undefined);
    // A job whose worker died is taken up again after at most lock + stalled interval.
    Object.assign(this.worker.opts, {
      lockDuration: this.config.jobLockMs,
      lockRenewTime: Math.floor(this.config.jobLockMs / 2),
      stalledInterval: this.config.jobStalledIntervalMs,
    });
    void this.worker.run().catch(() => undefined);
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.byName.get(job.name);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    return handler.handle(job);
  }
}
