// Client acceptance in the API: the PM's acceptance batches, the acceptor's claims, verdicts and submissions, the
// PM's verdicts that return items for rework, and the acceptor's area.
import { Module } from '@nestjs/common';
import { ItemWork } from '@annot/core';
import { ProjectsModule } from '../../projects/projects.module';
import { AcceptanceAccess } from './acceptance-access.service';
import { AcceptanceWork } from './acceptance-work.service';
import { AcceptanceController } from './acceptance.controller';
import { AcceptanceRepository } from './acceptance.repository';
import { AcceptorAreaController } from './acceptor-area.controller';
import { ActOnAcceptanceBatchHandler } from './commands/act-on-acceptance-batch.handler';
import { CreateAcceptanceBatchesHandler } from './commands/create-acceptance-batches.handler';
import { DecideAcceptanceBatchHandler } from './commands/decide-acceptance-batch.handler';

@Module({
  imports: [ProjectsModule],
  // The acceptor area's fixed paths come before the batch's `acceptance/:batchId`, which would otherwise take them.
  controllers: [AcceptorAreaController, AcceptanceController],
  providers: [AcceptanceRepository, AcceptanceAccess, AcceptanceWork, ItemWork, CreateAcceptanceBatchesHandler, ActOnAcceptanceBatchHandler, DecideAcceptanceBatchHandler],
})
export class AcceptanceModule {}
