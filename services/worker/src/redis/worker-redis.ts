// The worker's Redis connection for BullMQ, which its queue and processor share; BullMQ never closes a connection it was given.
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { createWorkerRedis } from '@annot/core';

export const WORKER_REDIS = Symbol('WORKER_REDIS');

/** An ioredis client, named through core, which makes every Redis connection. */
export type RedisConnection = ReturnType<typeof createWorkerRedis>;

/** Whether Redis answers now; while it does not, a command on a worker connection waits for it to come back, however long. */
export const redisAnswers = (redis: RedisConnection): boolean => redis.status === 'ready';

/** Closes the shared connection once the processor and the queue that use it have closed. */
@Injectable()
export class WorkerRedisCloser implements OnApplicationShutdown {
  constructor(@Inject(WORKER_REDIS) private readonly redis: RedisConnection) {}

  async onApplicationShutdown(): Promise<void> {
    // quit lets replies still under way arrive; without Redis there are none to wait for, and quit would wait for it.
    if (redisAnswers(this.redis)) await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
