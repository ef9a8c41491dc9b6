// The Redis connection the endpoint circuits and call slots share, so every worker sees the same ones.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, CONFIG, createWorkerRedis } from '@annot/core';

@Injectable()
export class AlgorithmRedis implements OnModuleDestroy {
  readonly client: Redis;

  constructor(@Inject(CONFIG) readonly config: AppConfig) {
    this.client = createWorkerRedis(config.redisUrl);
  }

  key(name: string, algorithmId: string): string {
    return `${this.config.redisPrefix}:${name}:${algorithmId}`;
  }

  onModuleDestroy(): void {
    this.client.disconnect();
  }
}
