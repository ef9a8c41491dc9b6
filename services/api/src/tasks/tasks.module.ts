// The tasks context of the API: the work loop on data items (claims, results, inspection, recycling).
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { ActOnItemHandler } from './commands/act-on-item.handler';
import { ClaimItemsHandler } from './commands/claim-items.handler';
import { ItemWork } from './item-work.service';
import { TaskAccess } from './task-access.service';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';

@Module({
  imports: [ProjectsModule],
  controllers: [TasksController],
  providers: [TasksRepository, TaskAccess, ItemWork, ClaimItemsHandler, ActOnItemHandler],
})
export class TasksModule {}
