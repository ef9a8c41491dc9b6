// The audits context: auditors ask for ledger verification runs and follow them.
import { Module } from '@nestjs/common';
import { AuditsController } from './audits.controller';
import { AuditsRepository } from './audits.repository';
import { RequestAuditHandler } from './commands/request-audit.handler';
import { GetAuditHandler } from './queries/get-audit.handler';
import { ListAuditsHandler } from './queries/list-audits.handler';

@Module({
  controllers: [AuditsController],
  providers: [AuditsRepository, RequestAuditHandler, ListAuditsHandler, GetAuditHandler],
})
export class AuditsModule {}
