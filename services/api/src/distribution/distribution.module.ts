// The distribution context of the API: links' pools shared among teams and their groups.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { DistributePoolHandler } from './commands/distribute-pool.handler';
import { DistributionController } from './distribution.controller';
import { DistributionRepository } from './distribution.repository';
import { DistributionViews } from './distribution-views.service';

@Module({
  imports: [ProjectsModule],
  controllers: [DistributionController],
  providers: [DistributionRepository, DistributionViews, DistributePoolHandler],
})
export class DistributionModule {}
