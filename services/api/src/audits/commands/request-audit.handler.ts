// An auditor asks for the ledger to be verified: the run is recorded and a worker job is queued with it.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { auditLifecycle, CommandPipeline, type CommandContext, JobName } from '@annot/core';
import { auditStreamId } from '@annot/workflows';

export class RequestAuditCommand {
  constructor(readonly context: CommandContext) {}
}

export interface RequestAuditResult {
  auditId: string;
  version: string;
}

@CommandHandler(RequestAuditCommand)
export class RequestAuditHandler implements ICommandHandler<RequestAuditCommand, RequestAuditResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ context }: RequestAuditCommand): Promise<RequestAuditResult> {
    const auditId = randomUUID();
    const result = await this.pipeline.run(auditLifecycle, auditStreamId(auditId), context, {
      decide: () => [{ type: 'AuditRequested' as const, data: { auditId, requestedBy: context.actor.id } }],
      outbox: () => [{ name: JobName.VerifyLedger, data: { auditId } }],
    });
    // A repeated Idempotency-Key answers with the run the first request opened.
    return { auditId: result.streamId.slice('audit-'.length), version: result.version.toString() };
  }
}
