// The catalog context: what projects are built from (tools so far).
import { Module } from '@nestjs/common';
import { DeleteToolHandler } from './commands/delete-tool.handler';
import { SaveToolHandler } from './commands/save-tool.handler';
import { ToolImport } from './tool-import.service';
import { ToolsController } from './tools.controller';
import { ToolsRepository } from './tools.repository';

@Module({
  controllers: [ToolsController],
  providers: [ToolsRepository, ToolImport, SaveToolHandler, DeleteToolHandler],
})
export class CatalogModule {}
