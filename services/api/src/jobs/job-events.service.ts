// Relays BullMQ job progress from Redis to the console's event streams.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { Subject } from 'rxjs';
import { type AppConfig, CONFIG, createWorkerRedis, jobQueue, type JobSubject } from '@annot/core';

export interface JobEvent {
  type: 'progress' | 'completed' | 'failed';
  jobId: string;
  name: string;
  progress?: number;
  subject: JobSubject | null;
}

/** What the worker reports through job.updateProgress. */
export interface JobProgress {
  progress: number;
  name: string;
  subject: JobSubject;
}

@Injectable()
export class JobEventsService implements OnModuleDestroy {
  readonly events = new Subject<JobEvent>();
  private readonly queueEvents: QueueEvents;
  private readonly queue: Queue;

  constructor(@Inject(CONFIG) config: AppConfig) {
    const options = { prefix: config.redisPrefix };
    this.queueEvents = new QueueEvents(jobQueue, { ...options, connection: createWorkerRedis(config.redisUrl) });
    this.queue = new Queue(jobQueue, { ...options, connection: createWorkerRedis(config.redisUrl) });
    this.queueEvents.on('error', () => undefined);
    this.queue.on('error', () => undefined);
    this.queueEvents.on('progress', ({ jobId, data }) => {
      const report = data as Partial<JobProgress>;
      if (typeof report !== 'object' || report === null) return;
      this.events.next({ type: 'progress', jobId, name: report.name ?? '', progress: report.progress ?? 0, subject: report.subject ?? null });
    });
    this.queueEvents.on('completed', ({ jobId }) => void this.settled('completed', jobId));
    this.queueEvents.on('failed', ({ jobId }) => void this.settled('failed', jobId));
  }

  private async settled(type: 'completed' | 'failed', jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId).catch(() => undefined);
    const progress = job?.progress as Partial<JobProgress> | undefined;
    this.events.next({ type, jobId, name: job?.name ?? '', subject: progress?.subject ?? null });
  }

  async onModuleDestroy(): Promise<void> {
    this.events.complete();
    await Promise.allSettled([this.queueEvents.close(), this.queue.close()]);
  }
}
