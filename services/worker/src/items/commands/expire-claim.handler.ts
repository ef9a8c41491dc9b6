// Expires a claim whose deadline has passed: the item goes back to its link's pool. Sent by the claim's timer, as the
// system, through the same item work as a person's action; a claim that is gone is left alone.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actionDecider, CommandPipeline, type CommandContext, ItemWork } from '@annot/core';
import { ItemsRepository } from '../items.repository';

export class ExpireClaimCommand {
  constructor(
    readonly itemId: string,
    readonly claimId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ExpireClaimCommand)
export class ExpireClaimHandler implements ICommandHandler<ExpireClaimCommand, { expired: boolean }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly items: ItemsRepository,
    private readonly work: ItemWork,
  ) {}

  /** Throws the decider's `items.claim_not_due` refusal when the deadline is still ahead. */
  async execute({ itemId, claimId, context }: ExpireClaimCommand): Promise<{ expired: boolean }> {
    const item = await this.items.poolItem(itemId);
    if (!item) return { expired: false };
    const { results } = await this.pipeline.transact(context, async (unit) => {
      const { plan } = await this.work.plan(unit, item.projectId);
      return this.work.run(unit, item, plan, context.actor, actionDecider({ name: 'expire', body: { claimId } }, null));
    });
    return { expired: results.length > 0 };
  }
}
