// The PM's verdict on a submitted acceptance batch. Passing it accepts the items its acceptor passed; rejecting it fails
// them all. With the project's "allow repair after acceptance" on, the failed items go back to the annotation link
// that produced them, with their marks, in the same transaction as the verdict; off, they stay rejected.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actionDecider, CommandPipeline, type CommandContext, ItemWork, NotFoundError } from '@annot/core';
import { acceptanceStreamId, passAcceptanceBatch, rejectAcceptanceBatch } from '@annot/workflows';
import { AcceptanceWork } from '../acceptance-work.service';
import { AcceptanceRepository } from '../acceptance.repository';

export class DecideAcceptanceBatchCommand {
  constructor(
    readonly batchId: string,
    readonly verdict: 'pass' | 'reject',
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(DecideAcceptanceBatchCommand)
export class DecideAcceptanceBatchHandler implements ICommandHandler<DecideAcceptanceBatchCommand, { version: string; status: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly batches: AcceptanceRepository,
    private readonly acceptance: AcceptanceWork,
    private readonly work: ItemWork,
  ) {}

  async execute({ batchId, verdict, context, expectedVersion }: DecideAcceptanceBatchCommand): Promise<{ version: string; status: string }> {
    const decide = verdict === 'pass' ? passAcceptanceBatch : rejectAcceptanceBatch;
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      const projectId = await this.batches.lockBatch(unit.db, batchId);
      if (!projectId) throw new NotFoundError('things.acceptance', batchId);
      const { project, plan } = await this.work.plan(unit, projectId);
      const repairAllowed = project.basics?.permissions.repairAfterAcceptance ?? false;
      const now = new Date();
      const decided = await this.acceptance.run(
        unit,
        batchId,
        { decide: (state, who) => decide(state, who, { repairAllowed, now }) },
        expectedVersion,
      );
      const event = decided.events[0];
      const returned = event && (event.type === 'AcceptanceBatchPassed' || event.type === 'AcceptanceBatchRejected') ? event.data.returned : [];
      const marksOf = new Map(returned.map((r) => [r.itemId, r.marks]));
      // An item the PM recycled while it waited here is back in the work loop already: only finished ones return.
      const items = (await this.batches.poolItems(unit.db, [...marksOf.keys()])).filter((item) => item.status === 'finished');
      await this.work.preload(unit, items);
      for (const item of items) {
        await this.work.run(unit, item, plan, context.actor, actionDecider({ name: 'return', body: { gate: 'acceptance', gateId: batchId, marks: marksOf.get(item.itemId) ?? [] } }, null));
      }
      return decided;
    });
    const written = results.find((r) => r.streamId === acceptanceStreamId(batchId));
    return { version: (written?.version ?? value?.version ?? 0n).toString(), status: value?.state.status ?? 'unchanged' };
  }
}
