// The BullMQ processor of the jobs queue: routes each job to its handler; start-up fails if a name has none.
import { type BeforeApplicationShutdown, Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { hostname } from 'node:os';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { type AppConfig, CONFIG, jobQueue, JobName } from '@annot/core';
import { type RedisConnection, redisAnswers, WORKER_REDIS } from '../redis/worker-redis';
import { JOB_HANDLERS, type JobHandler, waitAgain } from './job-handler';

export class JobsProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly byName: Map<string, JobHandler>;
  /** The handlers running now, so a stop can wait for them without closing what they use. */
  private readonly running = new Set<Promise<unknown>>();
  private stopping = false;

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
    this.stopping = true;
    await this.worker.pause(true);
    // Running jobs get a grace to finish; a long one still running is then told to give itself back to the queue.
    if (!(await this.jobsEndWithin(this.config.jobStopGraceMs))) {
      this.worker.cancelAllJobs('the worker is stopping');
      // One that does not listen is left to its lock, which runs out and lets another worker take it up: the close
      // waits for no job, so nothing closed after it (Redis, the database) is closed under a job that is still waited for.
      if (!(await this.jobsEndWithin(this.config.jobStopGraceMs))) return this.worker.close(true);
    }
    await this.worker.close();
  }

  async process(job: Job, token?: string, stop?: AbortSignal): Promise<unknown> {
    const handler = this.byName.get(job.name);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    // A job taken in the moment the worker began to stop goes straight back for the next worker.
    if (this.stopping) return waitAgain(job, token);
    const handled = handler.handle(job, token, stop);
    this.running.add(handled);
    try {
      return await handled;
    } finally {
      this.running.delete(handled);
    }
  }

  /** Whether every job this worker runs has ended within `ms`. */
  private jobsEndWithin(ms: number): Promise<boolean> {
    return settlesWithin(Promise.allSettled(this.running), ms);
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
