// A Redis connection that only answers whether Redis is reachable, for readiness.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, CONFIG, createProducerRedis } from '@annot/core';

@Injectable()
export class RedisProbe implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.redis = createProducerRedis(config.redisUrl);
  }

  async reachable(): Promise<boolean> {
    return this.redis.ping().then(() => true, () => false);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
