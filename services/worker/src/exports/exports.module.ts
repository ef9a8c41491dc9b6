// The worker side of exports: the export job, the retention job and the steps they record.
import { Module } from '@nestjs/common';
import { StorageModule } from '@annot/core';
import { RecordExportStepHandler } from './commands/record-export-step.handler';
import { ExportDestinations } from './export-destinations';
import { ExportJob } from './export.job';
import { ExportMedia } from './export-media';
import { ExpireExportJob } from './expire-export.job';
import { ExportsRepository } from './exports.repository';

@Module({
  imports: [StorageModule],
  providers: [RecordExportStepHandler, ExportsRepository, ExportDestinations, ExportMedia, ExportJob, ExpireExportJob],
  exports: [ExportJob, ExpireExportJob],
})
export class ExportsModule {}
