// The item context of the API: the work loop on data items (claims, results, inspection, recycling).
import { Module } from '@nestjs/common';
import { ItemWork, StorageModule } from '@annot/core';
import { ProjectsModule } from '../projects/projects.module';
import { ActOnItemHandler } from './commands/act-on-item.handler';
import { ActOnItemsHandler } from './commands/act-on-items.handler';
import { ClaimItemsHandler } from './commands/claim-items.handler';
import { OpenRuleHandler } from './commands/open-rule.handler';
import { ItemMedia } from './item-media.service';
import { ItemReads } from './item-reads.service';
import { RuleReadings } from './rule-readings.service';
import { RuleReadingsRepository } from './rule-readings.repository';
import { ItemAccess } from './item-access.service';
import { ItemActionsController } from './item-actions.controller';
import { ItemsController } from './items.controller';
import { PoolRepository } from './pool.repository';
import { ProjectErrorGroupsController } from './project-error-groups.controller';
import { ProjectToolsController } from './project-tools.controller';
import { ItemsRepository } from './items.repository';

@Module({
  imports: [ProjectsModule, StorageModule],
  controllers: [ItemsController, ItemActionsController, ProjectToolsController, ProjectErrorGroupsController],
  providers: [ItemsRepository, PoolRepository, ItemAccess, ItemWork, ItemMedia, ItemReads, RuleReadings, RuleReadingsRepository, OpenRuleHandler, ClaimItemsHandler, ActOnItemHandler, ActOnItemsHandler],
})
export class ItemsModule {}
