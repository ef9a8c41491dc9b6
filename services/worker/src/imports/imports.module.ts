// The worker side of batches: the import job and the commands it sends, with the annotation import for the ground
// truth a data set ships beside its frames.
import { Module } from '@nestjs/common';
import { AnnotationImport, ItemWork, StorageModule } from '@annot/core';
import { FinishImportHandler } from './commands/finish-import.handler';
import { ImportBatchJob } from './import-batch.job';
import { ImportSources } from './import-sources';
import { ImportsRepository } from './imports.repository';
import { VideoFrames } from './video-frames';

@Module({
  imports: [StorageModule],
  providers: [FinishImportHandler, ImportsRepository, ImportSources, VideoFrames, ItemWork, AnnotationImport, ImportBatchJob],
  exports: [ImportBatchJob],
})
export class ImportsModule {}
