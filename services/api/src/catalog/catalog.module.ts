// The catalog context: what projects are built from (tools, error property groups, invalid-image reasons, data and annotation rules).
import { Module } from '@nestjs/common';
import { StorageModule } from '@annot/core';
import { AnnotationRulesController } from './annotation-rules.controller';
import { AnnotationRulesRepository } from './annotation-rules.repository';
import { CatalogEntriesRepository } from './catalog-entries.repository';
import { ChangeAnnotationRuleHandler } from './commands/change-annotation-rule.handler';
import { ChangeDataRuleHandler } from './commands/change-data-rule.handler';
import { DataRulesController } from './data-rules.controller';
import { DataRulesRepository } from './data-rules.repository';
import { SaveEntryHandler } from './commands/save-entry.handler';
import { ErrorGroupsController, InvalidReasonsController } from './catalog-entries.controller';
import { DeleteToolHandler } from './commands/delete-tool.handler';
import { SaveToolHandler } from './commands/save-tool.handler';
import { ToolImport } from './tool-import.service';
import { ToolsController } from './tools.controller';
import { ToolsRepository } from './tools.repository';

@Module({
  imports: [StorageModule],
  controllers: [ToolsController, ErrorGroupsController, InvalidReasonsController, DataRulesController, AnnotationRulesController],
  providers: [ToolsRepository, ToolImport, SaveToolHandler, DeleteToolHandler, CatalogEntriesRepository, SaveEntryHandler, DataRulesRepository, ChangeDataRuleHandler, AnnotationRulesRepository, ChangeAnnotationRuleHandler],
})
export class CatalogModule {}
