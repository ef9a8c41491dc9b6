// Records the verdict of a ledger verification run: passed, or failed at the first bad event.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, auditLifecycle, CommandPipeline, type CommandContext, type LedgerVerdict } from '@annot/core';
import { auditStreamId } from '@annot/workflows';

export class FinishAuditCommand {
  constructor(
    readonly auditId: string,
    readonly verdict: LedgerVerdict,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(FinishAuditCommand)
export class FinishAuditHandler implements ICommandHandler<FinishAuditCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ auditId, verdict, context }: FinishAuditCommand): Promise<AppendResult> {
    const { checked, firstBad } = verdict;
    return this.pipeline.run(auditLifecycle, auditStreamId(auditId), context, {
      event: { type: verdict.ok ? 'audit.pass' : 'audit.fail' },
      decide: () =>
        verdict.ok
          ? [{ type: 'AuditPassed' as const, data: { auditId, checked } }]
          : [{ type: 'AuditFailed' as const, data: { auditId, checked, firstBadEventId: firstBad?.eventId ?? null, reason: firstBad?.reason ?? 'unknown' } }],
    });
  }
}
