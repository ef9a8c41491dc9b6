// One person's action on one item, any of the item action table's (save, submit, release, pass, reject, ...). Who
// may act is the item machine's and the deciders' rule.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actionDecider, CommandPipeline, type CommandContext, ItemWork, NotFoundError, projectLifecycle } from '@annot/core';
import { type ItemActionRequest, itemActionEntry, type ItemState, projectStreamId, type ResultConfig, type ToolInput } from '@annot/workflows';
import { ItemsRepository } from '../items.repository';

export class ActOnItemCommand {
  constructor(
    readonly itemId: string,
    readonly action: ItemActionRequest,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(ActOnItemCommand)
export class ActOnItemHandler implements ICommandHandler<ActOnItemCommand, { version: string; status: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly items: ItemsRepository,
    private readonly work: ItemWork,
  ) {}

  async execute({ itemId, action, context, expectedVersion }: ActOnItemCommand): Promise<{ version: string; status: string }> {
    const item = await this.items.poolItem(itemId);
    if (!item) throw new NotFoundError('things.item', itemId);
    // Read before the transaction: a read on another connection inside it would hold two connections per request,
    // and many requests at once would wait on each other for the pool.
    const config = itemActionEntry(action.name).checksResult ? await this.config(itemId, item.projectId) : null;
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      const { plan } = await this.work.plan(unit, item.projectId);
      return this.work.run(unit, item, plan, context.actor, actionDecider(action, config), expectedVersion);
    });
    const state: ItemState | undefined = value;
    return { version: (results[0]?.version ?? 0n).toString(), status: state?.status ?? 'unchanged' };
  }

  private async config(itemId: string, projectId: string): Promise<ResultConfig> {
    const { state } = await this.pipeline.load(projectLifecycle, projectStreamId(projectId));
    const definitions = await this.items.toolDefinitions(state.tools ?? []);
    return {
      tools: definitions.map((d) => ({ ...d, definition: d.definition as ToolInput })),
      groups: state.toolGroups,
      ...(await this.items.resultBounds(itemId)),
    };
  }
}
