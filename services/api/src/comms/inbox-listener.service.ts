// Hears the messages projection's NOTIFY, so the events stream can tell a person their unread count the moment
// their inbox changes. One connection per API process.
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { type AppConfig, CONFIG, inboxChannel, listenTo, type NotificationListener } from '@annot/core';

@Injectable()
export class InboxListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(InboxListener.name);
  /** The accounts whose inbox changed. */
  readonly changed = new Subject<string>();
  private listener: NotificationListener | null = null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.listener = listenTo(this.config.databaseUrl, inboxChannel, (accountId) => this.changed.next(accountId), (error) =>
      this.logger.warn({ err: error }, 'inbox notifications unavailable; retrying'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.changed.complete();
    await this.listener?.close();
  }
}
