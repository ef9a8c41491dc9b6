// The BullMQ processor of the jobs queue: routes each job to its handler; start-up fails if a name has none.
import { type BeforeApplicationShutdown, Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { hostname } from 'node:os';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type AppConfig, CONFIG, jobQueue, JobName } from '@annot/core';
import { type RedisConnection, redisAnswers, WORKER_REDIS } from '../redis/worker-redis';
import { JOB_HANDLERS, type JobHandler } from './job-handler';

export class JobsProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly byName: Map<string, JobHandler>;

  constructor(
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    @Inject(WORKER_REDIS) private readonly redis: RedisConnection,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.byName = new Map(handlers.map((h) => [h.name, h]));
    const missing = Object.values(JobName).filter((name) => !this.byName.has(name));
    if (missing.length > 0) throw new Error(`No handler for jobs: ${missing.join(', ')}`);
  }

  onApplicationBootstrap(): void {
    this.worker.on('error', () => undefined);
  }

  /**
   * Closes before anything the jobs use is closed. Without Redis a running job can neither finish nor give back its
   * lock, and a graceful close waits for Redis to return, so the worker lets go at once: the job's lock runs out and
   * a worker takes it up again, as after a crash (handlers are idempotent).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!redisAnswers(this.redis)) return this.worker.close(true);
    // Running jobs get a grace to finish; a long one still running is then told to give itself back to the queue,
    // and one that does not listen is left to its lock, which runs out and lets another worker take it up.
    const closed = this.worker.close();
    if (await settlesWithin(closed, this.config.jobStopGraceMs)) return;
    this.worker.cancelAllJobs('the worker is stopping');
    await settlesWithin(closed, this.config.jobStopGraceMs);
  }

  async process(job: Job, token?: string, stop?: AbortSignal): Promise<unknown> {
    const handler = this.byName.get(job.name);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    return handler.handle(job, token, stop);
  }
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Declares the processor with the worker options of the settings: a job whose worker died is taken up
 * again after at most its lock duration plus one stalled check. Each replica is named by its host and process, which
 * BullMQ keeps on the job it runs (processedBy), so an operator can tell which replica holds a job.
 */
export function jobsProcessorFor(config: AppConfig): typeof JobsProcessor {
  const name = `${hostname()}:${process.pid}`;
  Processor(jobQueue, { name, concurrency: 4, lockDuration: config.jobLockMs, stalledInterval: config.jobStalledIntervalMs })(JobsProcessor);
  return JobsProcessor;
}
