// The algorithms context over HTTP: the registry, calls, their analysis, and the media route model servers use.
import { Module } from '@nestjs/common';
import { StorageModule } from '@annot/core';
import { ProjectsModule } from '../projects/projects.module';
import { AlgorithmCallsController } from './algorithm-calls.controller';
import { AlgorithmsController } from './algorithms.controller';
import { AlgorithmsRepository } from './algorithms.repository';
import { ChangeAlgorithmHandler } from './commands/change-algorithm.handler';
import { RegisterAlgorithmHandler } from './commands/register-algorithm.handler';
import { StartAlgorithmCallHandler } from './commands/start-algorithm-call.handler';
import { SteerAlgorithmCallHandler } from './commands/steer-algorithm-call.handler';

@Module({
  imports: [ProjectsModule, StorageModule],
  controllers: [AlgorithmsController, AlgorithmCallsController],
  providers: [AlgorithmsRepository, RegisterAlgorithmHandler, ChangeAlgorithmHandler, StartAlgorithmCallHandler, SteerAlgorithmCallHandler],
  exports: [AlgorithmsRepository],
})
export class AlgorithmsModule {}
