// At most an algorithm's concurrency of calls in flight at once, across every call and worker: leases in a Redis
// sorted set, each expiring on its own, so a worker that dies mid-call frees its slot.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { AlgorithmRedis } from './algorithm-redis';

const acquire = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
  return 1
end
return 0`;

@Injectable()
export class AlgorithmSlots {
  constructor(private readonly redis: AlgorithmRedis) {}

  /** Runs `work` once a slot is free; a slot is held at most `leaseMs`. */
  async with<T>(algorithmId: string, limit: number, leaseMs: number, work: () => Promise<T>): Promise<T> {
    const key = this.redis.key('algorithm-slots', algorithmId);
    const lease = randomUUID();
    for (;;) {
      const now = Date.now();
      if (Number(await this.redis.client.eval(acquire, 1, key, now, limit, now + leaseMs, lease)) === 1) break;
      await sleep(25 + Math.random() * 25);
    }
    try {
      return await work();
    } finally {
      await this.redis.client.zrem(key, lease);
    }
  }
}
