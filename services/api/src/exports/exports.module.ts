// The exports context over HTTP: export records, the worker's job queued with each, downloads, and the import of
// pre-labelled annotations as a job reading the upload from storage.
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { type Storage, STORAGE, StorageModule } from '@annot/core';
import { storageUploads } from '../http/storage-upload.engine';
import { IdentityModule } from '../identity/identity.module';
import { ProjectsModule } from '../projects/projects.module';
import { AnnotationImportsController, annotationUploadMaxBytes, annotationUploadMaxFiles } from './annotations/annotation-imports.controller';
import { AnnotationImportsRepository } from './annotations/annotation-imports.repository';
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
    // An annotation import's files stream into the storage its job reads.
    MulterModule.registerAsync({
      imports: [StorageModule],
      inject: [STORAGE],
      useFactory: (storage: Storage) => ({ storage: storageUploads(storage, 'uploads/annotations', ''), limits: { fileSize: annotationUploadMaxBytes, files: annotationUploadMaxFiles } }),
    }),
  ],
  controllers: [ExportsController, AnnotationImportsController],
  providers: [ExportsRepository, ExportAccess, RequestExportHandler, DownloadTickets, AnnotationImportsRepository, RequestAnnotationImportHandler],
  exports: [ExportAccess, AnnotationImportsRepository],
})
export class ExportsModule {}
