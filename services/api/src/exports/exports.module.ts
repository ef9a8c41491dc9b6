// The exports context over HTTP: export records, the worker's job queued with each, downloads, and the import of
// pre-labelled annotations.
import { Module } from '@nestjs/common';
import { AnnotationImport, ItemWork, StorageModule } from '@annot/core';
import { IdentityModule } from '../identity/identity.module';
import { ProjectsModule } from '../projects/projects.module';
import { AnnotationImportsController } from './annotations/annotation-imports.controller';
import { AnnotationImportsRepository } from './annotations/annotation-imports.repository';
import { ImportAnnotationsHandler } from './annotations/import-annotations.handler';
import { RequestExportHandler } from './commands/request-export.handler';
import { DownloadTickets } from './download-tickets.service';
import { ExportAccess } from './export-access.service';
import { ExportsController } from './exports.controller';
import { ExportsRepository } from './exports.repository';

@Module({
  imports: [ProjectsModule, StorageModule, IdentityModule],
  controllers: [ExportsController, AnnotationImportsController],
  providers: [ExportsRepository, ExportAccess, RequestExportHandler, DownloadTickets, AnnotationImportsRepository, ImportAnnotationsHandler, AnnotationImport, ItemWork],
  exports: [ExportAccess],
})
export class ExportsModule {}
