// The batches context over HTTP: batches of a project, their uploads and imports, items and lifecycle.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { type AppConfig, CONFIG } from '@annot/core';
import { batchZipMaxBytes } from '@annot/workflows';
import { ProjectsModule } from '../projects/projects.module';
import { BatchAccess } from './batch-access.service';
import { BatchesController } from './batches.controller';
import { BatchesRepository } from './batches.repository';
import { ChangeBatchHandler } from './commands/change-batch.handler';
import { CreateBatchHandler } from './commands/create-batch.handler';
import { RequestImportHandler } from './commands/request-import.handler';

@Module({
  imports: [
    ProjectsModule,
    // Uploads stream to disk under the storage folder the workers read, never into memory.
    MulterModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => ({
        storage: diskStorage({
          destination: (_req, _file, done) => {
            const folder = path.resolve(config.storageDir, 'uploads');
            mkdir(folder, { recursive: true }).then(() => done(null, folder), (error: Error) => done(error, folder));
          },
          filename: (_req, _file, done) => done(null, `${randomUUID()}.zip`),
        }),
        limits: { fileSize: batchZipMaxBytes, files: 1 },
      }),
    }),
  ],
  controllers: [BatchesController],
  providers: [BatchesRepository, BatchAccess, CreateBatchHandler, ChangeBatchHandler, RequestImportHandler],
})
export class BatchesModule {}
