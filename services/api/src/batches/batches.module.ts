// The batches context over HTTP: batches of a project, their uploads and imports, items and lifecycle.
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { type Storage, STORAGE, StorageModule } from '@annot/core';
import { batchZipMaxBytes } from '@annot/workflows';
import { storageUploads } from '../http/storage-upload.engine';
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
    StorageModule,
    // Uploads stream into the storage the workers read, never into memory.
    MulterModule.registerAsync({
      imports: [StorageModule],
      inject: [STORAGE],
      useFactory: (storage: Storage) => ({ storage: storageUploads(storage, 'uploads', '.zip'), limits: { fileSize: batchZipMaxBytes, files: 1 } }),
    }),
  ],
  controllers: [BatchesController],
  providers: [BatchesRepository, BatchAccess, CreateBatchHandler, ChangeBatchHandler, RequestImportHandler],
  exports: [BatchAccess],
})
export class BatchesModule {}
