// Redis connections: producers fail fast while Redis is away (the outbox keeps the work); BullMQ workers wait.
import { Redis } from 'ioredis';

export function createProducerRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => undefined);
  return redis;
}

export function createWorkerRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  return redis;
}
