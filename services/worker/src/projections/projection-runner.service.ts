// Runs the async projections (management log, audit ledger) for the life of the worker process.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATABASE, type Db, projectionCatalogue, ProjectionRunner } from '@annot/core';

@Injectable()
export class ProjectionRunnerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionRunnerService.name);
  private readonly runner: ProjectionRunner;

  constructor(@Inject(DATABASE) db: Db) {
    this.runner = new ProjectionRunner(db, projectionCatalogue, {
      onError: (projection, error) => this.logger.error({ err: error, projection }, 'projection batch failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}
