// The Nest module that gives api and worker the configuration, the database, the event store and the command pipeline.
import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { BatchItemsRegistrar } from './batches/batch-items.registrar';
import { CommandPipeline } from './commands/command-pipeline';
import { type AppConfig, loadConfig, productionWarnings } from './config/config';
import { createDatabase } from './database/database';
import { DATABASE } from './database/database.token';
import type { Database } from './database/database.types';
import { EventStore } from './events/event-store';
import { WrittenNotifier } from './events/written-notifier';
import { LifecycleStates } from './projections/lifecycle-states.repository';

export const CONFIG = Symbol('CONFIG');

@Global()
@Module({})
export class CoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Kysely<Database>,
    @Inject(WrittenNotifier) private readonly notifier: WrittenNotifier,
  ) {}

  onApplicationBootstrap(): void {
    const logger = new Logger(CoreModule.name);
    for (const warning of productionWarnings(this.config)) logger.warn(warning);
  }

  static forRoot(config: AppConfig = loadConfig()): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: DATABASE, useFactory: () => createDatabase(config.databaseUrl, { max: config.databasePoolSize, prepared: config.databasePreparedStatements }) },
        {
          provide: WrittenNotifier,
          useFactory: () => {
            const logger = new Logger(WrittenNotifier.name);
            return new WrittenNotifier(config.databaseUrl, (error) => logger.warn({ err: error }, 'a written notification was lost; the loops find the write at their next long rest'));
          },
        },
        EventStore,
        CommandPipeline,
        BatchItemsRegistrar,
        LifecycleStates,
      ],
      exports: [CONFIG, DATABASE, EventStore, CommandPipeline, BatchItemsRegistrar, LifecycleStates],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifier.close();
    await this.db.destroy();
  }
}
