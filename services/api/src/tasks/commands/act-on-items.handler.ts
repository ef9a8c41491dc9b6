// The PM's actions on a selection of items at once (release, reject, recycle), under the seed's bulk rules, in one
// transaction: either every item moves or none does.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, CommandPipeline, type CommandContext } from '@annot/core';
import { type BulkItem, bulkRejectRefusal, bulkReleaseRefusal, type ItemStatus } from '@annot/workflows';
import { deciderFor, type ItemAction } from '../item-deciders';
import { ItemWork } from '../item-work.service';
import { TasksRepository } from '../tasks.repository';

export type BulkAction = Extract<ItemAction, { kind: 'release' | 'reject' | 'recycle' }>;

export class ActOnItemsCommand {
  constructor(
    readonly projectId: string,
    readonly itemIds: string[],
    readonly action: BulkAction,
    readonly context: CommandContext,
  ) {}
}

/** The pool's row status as the item machine names it. */
const statusOf = (row: { status: string; linkId: string | null }): ItemStatus =>
  row.status === 'waiting' ? (row.linkId ? 'pooled' : 'unlinked') : (row.status as ItemStatus);

@CommandHandler(ActOnItemsCommand)
export class ActOnItemsHandler implements ICommandHandler<ActOnItemsCommand, { items: number }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly tasks: TasksRepository,
    private readonly work: ItemWork,
  ) {}

  async execute({ projectId, itemIds, action, context }: ActOnItemsCommand): Promise<{ items: number }> {
    const rows = await this.tasks.selection(projectId, itemIds);
    const bulk: BulkItem[] = rows.map((r) => ({ itemId: r.itemId, linkId: r.linkId, status: statusOf(r) }));
    const refusal = action.kind === 'release' ? bulkReleaseRefusal(bulk) : action.kind === 'reject' ? bulkRejectRefusal(bulk) : null;
    if (refusal) throw new AppError(400, 'BULK_REFUSED', refusal.messageKey, refusal.params);
    if (rows.length !== new Set(itemIds).size) throw new AppError(404, 'NOT_FOUND', 'tasks.selection_unknown');
    const { results } = await this.pipeline.transact(context, async (unit) => {
      const { plan } = await this.work.plan(unit, projectId);
      for (const row of rows) await this.work.run(unit, row, plan, context.actor, deciderFor(action, null));
    });
    return { items: results.length };
  }
}
