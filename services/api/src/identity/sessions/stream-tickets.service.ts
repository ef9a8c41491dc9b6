// Short-lived tickets that open the events stream, where a browser's EventSource cannot send the Authorization header.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, AppError, CONFIG, createProducerRedis } from '@annot/core';
import { hashToken, newToken } from '../access/tokens';

/** Long enough to open the stream after asking, short enough that a ticket seen in a log or a history is worthless. */
export const streamTicketSeconds = 60;

@Injectable()
export class StreamTickets implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.redis = createProducerRedis(config.redisUrl);
  }

  /** A ticket names the session it was asked for; the session must still be live when the ticket is used. */
  async issue(sessionId: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = newToken();
    await this.reach(() => this.redis.set(this.key(ticket), sessionId, 'EX', streamTicketSeconds));
    return { ticket, expiresInSeconds: streamTicketSeconds };
  }

  async sessionOf(ticket: string): Promise<string | null> {
    return this.reach(() => this.redis.get(this.key(ticket)));
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  private key(ticket: string): string {
    return `${this.config.redisPrefix}:stream-ticket:${hashToken(ticket)}`;
  }

  private async reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch {
      throw new AppError(503, 'UNAVAILABLE', 'errors.unavailable');
    }
  }
}
