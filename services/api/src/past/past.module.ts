// The past context: items (and later projects) as they were at a moment, folded from the log by the live code.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { PastItemAccess } from './past-item-access.service';
import { PastItemsController } from './past-items.controller';
import { PastItemsRepository } from './past-items.repository';
import { PastProjectsController } from './past-projects.controller';
import { PastProjectsRepository } from './past-projects.repository';
import { GetItemAsOfHandler } from './queries/get-item-as-of.handler';
import { GetItemDiffHandler } from './queries/get-item-diff.handler';
import { GetItemTimelineHandler } from './queries/get-item-timeline.handler';
import { GetProjectAsOfHandler } from './queries/get-project-as-of.handler';

@Module({
  imports: [ProjectsModule],
  controllers: [PastItemsController, PastProjectsController],
  providers: [PastItemsRepository, PastProjectsRepository, PastItemAccess, GetItemAsOfHandler, GetItemDiffHandler, GetItemTimelineHandler, GetProjectAsOfHandler],
})
export class PastModule {}
