// The worker side of exports: the export job, the retention job and the steps they record, and the annotation
// import job with its steps.
import { Module } from '@nestjs/common';
import { AnnotationImport, ItemWork, StorageModule } from '@annot/core';
import { AnnotationImportJob } from './annotation-import.job';
import { RecordAnnotationImportStepHandler } from './commands/record-annotation-import-step.handler';
import { RecordExportStepHandler } from './commands/record-export-step.handler';
import { ExportDestinations } from './export-destinations';
import { ExportJob } from './export.job';
import { ExportMedia } from './export-media';
import { ExpireExportJob } from './expire-export.job';
import { ExportsRepository } from './exports.repository';

@Module({
  imports: [StorageModule],
  providers: [RecordExportStepHandler, ExportsRepository, ExportDestinations, ExportMedia, ExportJob, ExpireExportJob, RecordAnnotationImportStepHandler, ItemWork, AnnotationImport, AnnotationImportJob],
  exports: [ExportJob, ExpireExportJob, AnnotationImportJob],
})
export class ExportsModule {}
