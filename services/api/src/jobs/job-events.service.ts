// Relays BullMQ job progress from Redis to the console's event streams.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { Subject } from 'rxjs';
import { type AppConfig, CONFIG, createWorkerRedis, isJobName, type JobItem, jobQueue, ownerOf, subjectOf } from '@annot/core';
import type { JobSubject } from '@annot/workflows';

const closeWaitMs = 2_000;

export interface JobEvent {
  type: 'progress' | 'completed' | 'failed';
  jobId: string;
  name: string;
  progress?: number;
  subject: JobSubject | null;
}

/** A job's event inside the API: what its subscribers receive, and whose own work it is where it is one person's. */
export interface RelayedJobEvent {
  event: JobEvent;
  owner: string | null;
}

/** What the worker reports through job.updateProgress. */
export interface JobProgress {
  progress: number;
  name: string;
  subject: JobSubject;
}

@Injectable()
export class JobEventsService implements OnModuleDestroy {
  readonly events = new Subject<RelayedJobEvent>();
  private readonly queueEvents: QueueEvents;
  private readonly queue: Queue;

  private readonly connections: ReturnType<typeof createWorkerRedis>[];

  constructor(@Inject(CONFIG) config: AppConfig) {
    const options = { prefix: config.redisPrefix };
    this.connections = [createWorkerRedis(config.redisUrl), createWorkerRedis(config.redisUrl)];
    this.queueEvents = new QueueEvents(jobQueue, { ...options, connection: this.connections[0] });
    this.queue = new Queue(jobQueue, { ...options, connection: this.connections[1] });
    this.queueEvents.on('error', () => undefined);
    this.queue.on('error', () => undefined);
    this.queueEvents.on('progress', ({ jobId, data }) => {
      const report = data as Partial<JobProgress>;
      if (typeof report !== 'object' || report === null) return;
      const event: JobEvent = { type: 'progress', jobId, name: report.name ?? '', progress: report.progress ?? 0, subject: report.subject ?? null };
      // Only jobs about a whole record report progress; a job about one person's work names its owner when it settles.
      this.events.next({ event, owner: null });
    });
    this.queueEvents.on('completed', ({ jobId }) => void this.settled('completed', jobId));
    this.queueEvents.on('failed', ({ jobId }) => void this.settled('failed', jobId));
  }

  private async settled(type: 'completed' | 'failed', jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId).catch(() => undefined);
    // The subject comes from the job itself, so a job that never reported progress still says what it was about.
    const item = job && isJobName(job.name) ? ({ name: job.name, data: job.data } as JobItem) : null;
    const subject = item ? subjectOf(item) : null;
    this.events.next({ event: { type, jobId, name: job?.name ?? '', subject }, owner: item ? ownerOf(item) : null });
  }

  /** Without Redis a graceful close waits for it forever, so the API gives it a moment and then lets go. */
  async onModuleDestroy(): Promise<void> {
    this.events.complete();
    const closed = Promise.allSettled([this.queueEvents.close(), this.queue.close()]);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, closeWaitMs).unref())]);
    // BullMQ never closes a connection it was given.
    for (const connection of this.connections) connection.disconnect();
  }
}
