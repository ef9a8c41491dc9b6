// The documents context over HTTP: the admin's documents and every role's help documents.
import { Module } from '@nestjs/common';
import { StorageModule } from '@annot/core';
import { ChangeDocumentHandler } from './commands/change-document.handler';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';

@Module({
  imports: [StorageModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, ChangeDocumentHandler],
})
export class DocumentsModule {}
