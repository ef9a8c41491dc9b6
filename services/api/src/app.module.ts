// The API application: core, logging, validation, the envelope and one module per bounded context.
import { randomUUID } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, CoreModule } from '@annot/core';
import { AuditsModule } from './audits/audits.module';
import { BatchesModule } from './batches/batches.module';
import { CatalogModule } from './catalog/catalog.module';
import { DistributionModule } from './distribution/distribution.module';
import { DocumentsModule } from './documents/documents.module';
import { ExportsModule } from './exports/exports.module';
import { AlgorithmsModule } from './algorithms/algorithms.module';
import { MessagesModule } from './comms/messages.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { AnnouncementsModule } from './comms/announcements.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { InsightsModule } from './insights/insights.module';
import { AppExceptionFilter } from './http/app-exception.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { IdempotentRequestsRepository } from './http/idempotent-requests.repository';
import { redactedUrl } from './http/redacted-url';
import { ValidationPipe } from './http/validation.pipe';
import { JobsModule } from './jobs/jobs.module';
import { PastModule } from './past/past.module';
import { ProjectsModule } from './projects/projects.module';
import { QualityModule } from './quality/quality.module';
import { ItemsModule } from './items/items.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        CqrsModule.forRoot(),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req, res) => {
              const given = req.headers['x-request-id'];
              const id = typeof given === 'string' && given.length <= 100 ? given : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            // One short line per request: who asked for what, and how it ended.
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactedUrl(req.url) }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
          },
        }),
        IdentityModule,
        HealthModule,
        JobsModule,
        AuditsModule,
        CatalogModule,
        ProjectsModule,
        BatchesModule,
        ItemsModule,
        PastModule,
        DistributionModule,
        ExportsModule,
        AlgorithmsModule,
        WebhooksModule,
        QualityModule,
        MessagesModule,
        DocumentsModule,
        InsightsModule,
        AnnouncementsModule,
      ],
      providers: [
        { provide: APP_PIPE, useClass: ValidationPipe },
        IdempotentRequestsRepository,
        // The outer interceptor comes first: a replayed answer is already in its envelope.
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: AppExceptionFilter },
      ],
    };
  }
}
