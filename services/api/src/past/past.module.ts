// The past context: items (and later projects) as they were at a moment, folded from the log by the live code.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { PastItemAccess } from './past-item-access.service';
import { PastItemsController } from './past-items.controller';
import { PastItemsRepository } from './past-items.repository';
import { GetItemAsOfHandler } from './queries/get-item-as-of.handler';
import { GetItemTimelineHandler } from './queries/get-item-timeline.handler';

@Module({
  imports: [ProjectsModule],
  controllers: [PastItemsController],
  providers: [PastItemsRepository, PastItemAccess, GetItemAsOfHandler, GetItemTimelineHandler],
})
export class PastModule {}
