// An inspector claims a sample item of the open round: the one they hold and have not judged yet, else the first one
// nobody holds that they did not annotate. Two inspectors claiming at once race for the task's stream; the loser
// reads the task again and takes the next item.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type CommandContext, CommandPipeline, samplingLifecycle } from '@annot/core';
import { claimSampleItem, samplingStreamId, itemActor } from '@annot/workflows';
import { retryingConflicts, SamplingWork, taskVersion } from '../sampling-work.service';

export class ClaimSampleItemCommand {
  constructor(
    readonly taskId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ClaimSampleItemCommand)
export class ClaimSampleItemHandler implements ICommandHandler<ClaimSampleItemCommand, { itemId: string; version: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly work: SamplingWork,
  ) {}

  execute({ taskId, context }: ClaimSampleItemCommand): Promise<{ itemId: string; version: string }> {
    const who = itemActor(context.actor.id, context.actor.role);
    return retryingConflicts(undefined, async () => {
      const { value, results } = await this.pipeline.transact(context, async (unit) => {
        const { state, version } = await this.work.load(unit, taskId);
        const open = state.status === 'open';
        const held = open ? state.sample.find((s) => s.claimerId === who.id && s.verdict === null) : undefined;
        if (held) return { itemId: held.itemId, version };
        const free = state.sample.find((s) => s.verdict === null && s.claimerId === null && s.annotatorId !== who.id);
        if (open && !free) throw new AppError(409, 'ITEM_REFUSED', 'items.claim_failed');
        // Outside an open round the machine answers with what the task allows.
        const itemId = free?.itemId ?? state.sample[0].itemId;
        const now = new Date();
        const decided = await this.work.decide(unit, taskId, who, (s) => claimSampleItem(s, who, { itemId, now }));
        return { itemId, version: decided.version };
      });
      // A repeated command answers what its first run claimed: the item the caller now holds.
      const claimed = value ?? (await this.heldBy(taskId, who.id));
      return { itemId: claimed.itemId, version: taskVersion(results, taskId, claimed.version) };
    });
  }

  private async heldBy(taskId: string, personId: string): Promise<{ itemId: string; version: bigint }> {
    const { state, version } = await this.pipeline.load(samplingLifecycle, samplingStreamId(taskId));
    const held = state.sample.find((s) => s.claimerId === personId && s.verdict === null);
    if (!held) throw new AppError(409, 'ITEM_REFUSED', 'items.claim_failed');
    return { itemId: held.itemId, version };
  }
}
