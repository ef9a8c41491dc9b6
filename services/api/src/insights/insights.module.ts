// The insights context over HTTP: statistics of a project for each role's scope, and the staff's dashboard.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { GetDashboardHandler } from './queries/get-dashboard.handler';
import { GetProjectStatisticsHandler } from './queries/get-project-statistics.handler';
import { StatisticsController } from './statistics.controller';
import { StatisticsRepository } from './statistics.repository';

@Module({
  imports: [ProjectsModule],
  controllers: [StatisticsController],
  providers: [StatisticsRepository, GetProjectStatisticsHandler, GetDashboardHandler],
})
export class InsightsModule {}
