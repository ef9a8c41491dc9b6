// The worker side of the audits context: running ledger verifications.
import { Module } from '@nestjs/common';
import { FinishAuditHandler } from './commands/finish-audit.handler';
import { StartAuditHandler } from './commands/start-audit.handler';
import { VerifyLedgerJob } from './verify-ledger.job';

@Module({
  providers: [StartAuditHandler, FinishAuditHandler, VerifyLedgerJob],
  exports: [VerifyLedgerJob],
})
export class AuditsModule {}
