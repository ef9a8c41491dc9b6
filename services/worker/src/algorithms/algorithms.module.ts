// The worker side of algorithm calls: planning a call's chunks and sending them to model servers.
import { Module } from '@nestjs/common';
import { ItemWork } from '@annot/core';
import { AlgorithmCallsRepository } from './algorithm-calls.repository';
import { AlgorithmRedis } from './algorithm-redis';
import { AlgorithmSlots } from './algorithm-slots';
import { CallAlgorithmJob } from './call-algorithm.job';
import { RecordCallAnswersHandler } from './commands/record-call-answers.handler';
import { RecordCallStepHandler } from './commands/record-call-step.handler';
import { EndpointCircuit } from './endpoint-circuit';
import { PlanAlgorithmCallJob } from './plan-algorithm-call.job';

@Module({
  providers: [AlgorithmCallsRepository, AlgorithmRedis, AlgorithmSlots, EndpointCircuit, ItemWork, RecordCallStepHandler, RecordCallAnswersHandler, PlanAlgorithmCallJob, CallAlgorithmJob],
  exports: [PlanAlgorithmCallJob, CallAlgorithmJob],
})
export class AlgorithmsModule {}
