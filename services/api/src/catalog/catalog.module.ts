// The catalog context: what projects are built from (tools, error property groups, invalid-image reasons, data rules).
import { Module } from '@nestjs/common';
import { CatalogEntriesRepository } from './catalog-entries.repository';
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
  controllers: [ToolsController, ErrorGroupsController, InvalidReasonsController, DataRulesController],
  providers: [ToolsRepository, ToolImport, SaveToolHandler, DeleteToolHandler, CatalogEntriesRepository, SaveEntryHandler, DataRulesRepository, ChangeDataRuleHandler],
})
export class CatalogModule {}
