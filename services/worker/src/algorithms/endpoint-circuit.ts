// The circuit of each algorithm's endpoint, kept in Redis so every worker sees it: failed items in a row open it for
// a cooldown, after which one trial item is sent; an answer closes it, a failure opens it again.
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG } from '@annot/core';
import { AlgorithmRedis } from './algorithm-redis';

export type CircuitState = { kind: 'closed' } | { kind: 'open'; until: number } | { kind: 'half_open' };

@Injectable()
export class EndpointCircuit {
  constructor(
    private readonly shared: AlgorithmRedis,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private get redis() {
    return this.shared.client;
  }

  private key(algorithmId: string): string {
    return this.shared.key('algorithm-circuit', algorithmId);
  }

  async state(algorithmId: string, now = Date.now()): Promise<CircuitState> {
    const until = Number(await this.redis.hget(this.key(algorithmId), 'openUntil'));
    if (!until) return { kind: 'closed' };
    return until > now ? { kind: 'open', until } : { kind: 'half_open' };
  }

  async succeeded(algorithmId: string): Promise<void> {
    await this.redis.del(this.key(algorithmId));
  }

  /** Counts a failed item; answers when the circuit opened, or null while it stays closed. */
  async failed(algorithmId: string, now = Date.now()): Promise<{ until: number; failures: number } | null> {
    const key = this.key(algorithmId);
    const failures = await this.redis.hincrby(key, 'failures', 1);
    const wasOpen = Number(await this.redis.hget(key, 'openUntil')) > 0;
    // A failed trial after a cooldown opens it again at once; a closed circuit opens at the threshold.
    if (!wasOpen && failures < this.config.algorithms.circuitFailures) return null;
    const until = now + this.config.algorithms.circuitCooldownMs;
    await this.redis.hset(key, { openUntil: until, failures: 0 });
    return { until, failures: wasOpen ? 1 : failures };
  }
}
