// Runs the outbox dispatcher for the life of the worker process.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { type AppConfig, CONFIG, createProducerRedis, DATABASE, type Db, OutboxDispatcher } from '@annot/core';
import type { RedisConnection } from '../redis/worker-redis';
import { WrittenListener } from '../written/written-listener.service';

@Injectable()
export class OutboxDispatcherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxDispatcherService.name);
  private readonly queues = new Map<string, Queue>();
  private readonly connections: RedisConnection[] = [];
  private readonly dispatcher: OutboxDispatcher;
  private lastError = '';

  constructor(@Inject(DATABASE) db: Db, @Inject(CONFIG) private readonly config: AppConfig, written: WrittenListener) {
    this.dispatcher = new OutboxDispatcher(db, (name) => this.queue(name), {
      wakeup: written.outbox,
      onError: (error) => {
        // Redis being away is expected to last a while; say so once, not every poll.
        const message = String((error as Error).message ?? error);
        if (message !== this.lastError) this.logger.warn(`outbox dispatch paused: ${message}`);
        this.lastError = message;
      },
    });
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const connection = createProducerRedis(this.config.redisUrl);
      this.connections.push(connection);
      queue = new Queue(name, { connection, prefix: this.config.redisPrefix });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  onApplicationBootstrap(): void {
    this.dispatcher.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.stop();
    // A queue given a connection leaves it open when it closes; these connections fail fast, so nothing waits on them.
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    for (const connection of this.connections) connection.disconnect();
  }
}
