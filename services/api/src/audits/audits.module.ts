// The audits context: auditors ask for ledger verification runs and follow them, and take the ledger away as a file.
import { Module } from '@nestjs/common';
import { AuditsController } from './audits.controller';
import { AuditsRepository } from './audits.repository';
import { LedgerController } from './ledger.controller';
import { LedgerRepository } from './ledger.repository';
import { ProjectsModule } from '../projects/projects.module';
import { RequestAuditHandler } from './commands/request-audit.handler';
import { GetAuditHandler } from './queries/get-audit.handler';
import { ListAuditsHandler } from './queries/list-audits.handler';

@Module({
  imports: [ProjectsModule],
  controllers: [AuditsController, LedgerController],
  providers: [AuditsRepository, LedgerRepository, RequestAuditHandler, ListAuditsHandler, GetAuditHandler],
})
export class AuditsModule {}
