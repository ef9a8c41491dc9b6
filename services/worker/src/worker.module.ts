// The worker application: BullMQ processors, the outbox dispatcher and the async projection runner.
import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, CoreModule, createWorkerRedis, jobQueue } from '@annot/core';
import { AlgorithmsModule } from './algorithms/algorithms.module';
import { CallAlgorithmJob } from './algorithms/call-algorithm.job';
import { PlanAlgorithmCallJob } from './algorithms/plan-algorithm-call.job';
import { AuditsModule } from './audits/audits.module';
import { AnnouncementsModule } from './comms/announcements.module';
import { PublishAnnouncementJob } from './comms/publish-announcement.job';
import { VerifyLedgerJob } from './audits/verify-ledger.job';
import { ExportJob } from './exports/export.job';
import { AnnotationImportJob } from './exports/annotation-import.job';
import { ExportsModule } from './exports/exports.module';
import { ExpireExportJob } from './exports/expire-export.job';
import { ImportBatchJob } from './imports/import-batch.job';
import { ImportsModule } from './imports/imports.module';
import { JOB_HANDLERS } from './jobs/job-handler';
import { jobsProcessorFor } from './jobs/jobs.processor';
import { OutboxDispatcherService } from './outbox/outbox-dispatcher.service';
import { ProjectionRunnerService } from './projections/projection-runner.service';
import { WrittenListener } from './written/written-listener.service';
import { WORKER_REDIS, WorkerRedisCloser } from './redis/worker-redis';
import { EnterPoolsJob } from './items/enter-pools.job';
import { ExpireClaimJob } from './items/expire-claim.job';
import { ItemsModule } from './items/items.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    const redis = createWorkerRedis(config.redisUrl);
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(config),
        CqrsModule.forRoot(),
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        BullModule.forRoot({ connection: redis, prefix: config.redisPrefix }),
        BullModule.registerQueue({ name: jobQueue }),
        AuditsModule,
        ImportsModule,
        ExportsModule,
        ItemsModule,
        AlgorithmsModule,
        WebhooksModule,
        AnnouncementsModule,
      ],
      providers: [
        { provide: WORKER_REDIS, useValue: redis },
        WorkerRedisCloser,
        { provide: JOB_HANDLERS, inject: [VerifyLedgerJob, ImportBatchJob, ExpireClaimJob, EnterPoolsJob, ExportJob, ExpireExportJob, AnnotationImportJob, PlanAlgorithmCallJob, CallAlgorithmJob, PublishAnnouncementJob], useFactory: (...handlers: unknown[]) => handlers },
        jobsProcessorFor(config),
        WrittenListener,
        OutboxDispatcherService,
        ProjectionRunnerService,
      ],
    };
  }
}
