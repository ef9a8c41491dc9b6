// Sampled quality inspection: tasks over finished items, their rounds, and the inspectors' claims and verdicts.
import { Module } from '@nestjs/common';
import { ItemWork } from '@annot/core';
import { ProjectsModule } from '../../projects/projects.module';
import { ActOnSampleItemHandler } from './commands/act-on-sample-item.handler';
import { ClaimSampleItemHandler } from './commands/claim-sample-item.handler';
import { CreateSamplingTaskHandler } from './commands/create-sampling-task.handler';
import { DecideSamplingTaskHandler } from './commands/decide-sampling-task.handler';
import { StartSamplingRoundHandler } from './commands/start-sampling-round.handler';
import { GetSamplingTaskHandler } from './queries/get-sampling-task.handler';
import { SamplingAccess } from './sampling-access.service';
import { SamplingController } from './sampling.controller';
import { SamplingRepository } from './sampling.repository';
import { SamplingWork } from './sampling-work.service';

@Module({
  imports: [ProjectsModule],
  controllers: [SamplingController],
  providers: [
    SamplingRepository,
    SamplingAccess,
    SamplingWork,
    ItemWork,
    CreateSamplingTaskHandler,
    StartSamplingRoundHandler,
    DecideSamplingTaskHandler,
    ClaimSampleItemHandler,
    ActOnSampleItemHandler,
    GetSamplingTaskHandler,
  ],
})
export class SamplingModule {}
