// Tickets that let a browser download an export archive itself, streamed and resumable, where it cannot send the
// Authorization header: each names one export and the session it was asked in, and lives an hour.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, AppError, CONFIG, createProducerRedis } from '@annot/core';
import { hashToken, newToken } from '../identity/access/tokens';

/** Long enough to finish or resume a large download, short enough that a link found later is worthless. */
export const downloadTicketSeconds = 3600;

@Injectable()
export class DownloadTickets implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.redis = createProducerRedis(config.redisUrl);
  }

  async issue(sessionId: string, exportId: string): Promise<string> {
    const ticket = newToken();
    await this.redis.set(this.key(ticket), JSON.stringify({ sessionId, exportId }), 'EX', downloadTicketSeconds);
    return ticket;
  }

  /** The session a ticket was asked in, when it names this export. */
  async sessionFor(ticket: string, exportId: string): Promise<string> {
    const stored = await this.redis.get(this.key(ticket));
    const named = stored ? (JSON.parse(stored) as { sessionId: string; exportId: string }) : null;
    if (!named || named.exportId !== exportId) throw new AppError(403, 'TICKET_INVALID', 'exports.ticket_invalid');
    return named.sessionId;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }

  private key(ticket: string): string {
    return `${this.config.redisPrefix}:download-ticket:${hashToken(ticket)}`;
  }
}
