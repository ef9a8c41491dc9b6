// The exports context over HTTP: export records, the worker's job queued with each, downloads, and the import of
// pre-labelled annotations: at once from memory, or as a job reading the upload from storage.
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AnnotationImport, ItemWork, type Storage, STORAGE, StorageModule } from '@annot/core';
import { storageUploads } from '../http/storage-upload.engine';
import { annotationJobMaxBytes, AnnotationImportJobsController } from './annotations/annotation-import-jobs.controller';
import { annotationUploadMaxFiles } from './annotations/annotation-imports.controller';
import { IdentityModule } from '../identity/identity.module';
import { ProjectsModule } from '../projects/projects.module';
import { AnnotationImportsController } from './annotations/annotation-imports.controller';
import { AnnotationImportsRepository } from './annotations/annotation-imports.repository';
import { ImportAnnotationsHandler } from './annotations/import-annotations.handler';
import { RequestAnnotationImportHandler } from './annotations/request-annotation-import.handler';
import { RequestExportHandler } from './commands/request-export.handler';
import { DownloadTickets } from './download-tickets.service';
import { ExportAccess } from './export-access.service';
import { ExportsController } from './exports.controller';
import { ExportsRepository } from './exports.repository';

@Module({
  imports: [
    ProjectsModule,
    StorageModule,
    IdentityModule,
    // An annotation import's files stream into the storage its job reads; the synchronous route keeps them in memory.
    MulterModule.registerAsync({
      imports: [StorageModule],
      inject: [STORAGE],
      useFactory: (storage: Storage) => ({ storage: storageUploads(storage, 'uploads/annotations', ''), limits: { fileSize: annotationJobMaxBytes, files: annotationUploadMaxFiles } }),
    }),
  ],
  controllers: [ExportsController, AnnotationImportsController, AnnotationImportJobsController],
  providers: [ExportsRepository, ExportAccess, RequestExportHandler, DownloadTickets, AnnotationImportsRepository, ImportAnnotationsHandler, RequestAnnotationImportHandler, AnnotationImport, ItemWork],
  exports: [ExportAccess, AnnotationImportsRepository],
})
export class ExportsModule {}
