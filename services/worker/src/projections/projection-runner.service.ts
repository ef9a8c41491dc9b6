// Runs the async projections (management log, audit ledger, messages, statistics, algorithm effect) for the life of
// the worker process, on connections of their own: a long import or export holding the worker's pool never keeps a
// projection waiting for a connection.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig, CONFIG, createDatabase, type Db, projectionCatalogue, ProjectionRunner } from '@annot/core';
import { WrittenListener } from '../written/written-listener.service';

@Injectable()
export class ProjectionRunnerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionRunnerService.name);
  private readonly db: Db;
  private readonly runner: ProjectionRunner;

  constructor(@Inject(CONFIG) config: AppConfig, written: WrittenListener) {
    // One connection a projection, and two more: a runner far behind reads its next batch while it applies one, and a
    // rebuild from empty applies the halves of a batch side by side (projection-runner.ts). Only the rebuild waits for
    // a connection while it holds one, so the loops never all wait on each other.
    this.db = createDatabase(config.databaseUrl, { max: projectionCatalogue.filter((p) => p.mode === 'async').length + 2 });
    this.runner = new ProjectionRunner(this.db, projectionCatalogue, {
      wakeup: written.events,
      onError: (projection, error) => this.logger.error({ err: error, projection }, 'projection batch failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    await this.db.destroy();
  }
}
