// Hears PostgreSQL's `written` notifications over one connection of the worker process and rings the wakeup of the
// loops that read what was written: the projections for events, the outbox dispatcher for outbox rows.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, CONFIG, listenTo, type NotificationListener, Wakeup, writtenChannel } from '@annot/core';

/** The longest a loop with nothing to do rests without a notification. */
const restMs = 1000;

@Injectable()
export class WrittenListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WrittenListener.name);
  readonly events = new Wakeup(restMs);
  readonly outbox = new Wakeup(restMs);
  private listener: NotificationListener | null = null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.listener = listenTo(
      this.config.databaseUrl,
      writtenChannel,
      (table) => (table === 'outbox' ? this.outbox : this.events).ring(),
      (error) => this.logger.warn({ err: error }, 'written notifications unavailable; polling each second until they return'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.close();
  }
}
