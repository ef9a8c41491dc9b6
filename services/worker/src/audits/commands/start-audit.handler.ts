// The worker picked a ledger verification run up.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, auditLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { auditStreamId } from '@annot/workflows';

export class StartAuditCommand {
  constructor(
    readonly auditId: string,
    readonly jobId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(StartAuditCommand)
export class StartAuditHandler implements ICommandHandler<StartAuditCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ auditId, jobId, context }: StartAuditCommand): Promise<AppendResult> {
    return this.pipeline.run(auditLifecycle, auditStreamId(auditId), context, {
      event: { type: 'audit.start' },
      decide: () => [{ type: 'AuditStarted' as const, data: { auditId, jobId } }],
    });
  }
}
