// Hears the `written` notifications the event store of every process (APIs and workers alike) sends after its commits,
// over one connection of the worker process, and rings the wakeup of the loops that read what was written: the
// projections for events, the outbox dispatcher for outbox rows.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, CONFIG, listenTo, type NotificationListener, Wakeup, writtenChannel } from '@annot/core';

@Injectable()
export class WrittenListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WrittenListener.name);
  readonly events: Wakeup;
  readonly outbox: Wakeup;
  private listener: NotificationListener | null = null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.events = new Wakeup(config.writtenRestMs);
    this.outbox = new Wakeup(config.writtenRestMs);
  }

  onModuleInit(): void {
    this.listener = listenTo(
      this.config.databaseUrl,
      writtenChannel,
      (table) => (table === 'outbox' ? this.outbox : this.events).ring(),
      (error) => this.logger.warn({ err: error }, `written notifications unavailable; polling every ${this.config.writtenRestMs} ms until they return`),
      // What was written before the LISTEN (at start, or while the connection was down) is looked for at once.
      () => {
        this.events.ring();
        this.outbox.ring();
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.close();
  }
}
