// The past context: items and projects (their lists and statistics) as they were at a moment, and what changed
// between two moments, made by the live code.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { PastCutsRepository } from './past-cuts.repository';
import { PastItemAccess } from './past-item-access.service';
import { PastItemsController } from './past-items.controller';
import { PastItemsRepository } from './past-items.repository';
import { PastLandmarksRepository } from './past-landmarks.repository';
import { PastProjectsController } from './past-projects.controller';
import { PastProjectFolds } from './past-project-folds.service';
import { PastStatisticsRepository } from './past-statistics.repository';
import { ProjectDiffRepository } from './project-diff.repository';
import { GetPastItemsHandler } from './queries/get-past-items.handler';
import { GetPastLandmarksHandler } from './queries/get-past-landmarks.handler';
import { GetPastStatisticsHandler } from './queries/get-past-statistics.handler';
import { GetItemAsOfHandler } from './queries/get-item-as-of.handler';
import { GetItemDiffHandler } from './queries/get-item-diff.handler';
import { GetItemTimelineHandler } from './queries/get-item-timeline.handler';
import { GetProjectAsOfHandler } from './queries/get-project-as-of.handler';
import { GetProjectDiffHandler } from './queries/get-project-diff.handler';

@Module({
  imports: [ProjectsModule],
  controllers: [PastItemsController, PastProjectsController],
  providers: [
    PastItemsRepository,
    PastCutsRepository,
    PastItemAccess,
    PastProjectFolds,
    PastStatisticsRepository,
    PastLandmarksRepository,
    ProjectDiffRepository,
    GetItemAsOfHandler,
    GetItemDiffHandler,
    GetItemTimelineHandler,
    GetProjectAsOfHandler,
    GetPastItemsHandler,
    GetPastLandmarksHandler,
    GetPastStatisticsHandler,
    GetProjectDiffHandler,
  ],
})
export class PastModule {}
