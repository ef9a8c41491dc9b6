// The PM's actions on a selection of items at once (release, reject, recycle), under the seed's bulk rules, in one
// transaction: either every item moves or none does. Items named by a CSV's lines are refused line by line, all at once.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actionDecider, AppError, CommandPipeline, type CommandContext, ItemWork } from '@annot/core';
import { type BulkItem, bulkRejectRefusal, bulkReleaseRefusal, type ItemActionRequest, type ItemStatus, type LineRefusal, type NamedLine } from '@annot/workflows';
import { ItemsRepository } from '../items.repository';

export type BulkAction = Extract<ItemActionRequest, { name: 'release' | 'reject' | 'recycle' }>;

/** Where each item was named (a CSV's lines) and the lines already refused before any item was decided on. */
export interface ItemLines {
  named: NamedLine[];
  refused: LineRefusal[];
}

export class ActOnItemsCommand {
  constructor(
    readonly projectId: string,
    readonly itemIds: string[],
    readonly action: BulkAction,
    readonly context: CommandContext,
    readonly lines?: ItemLines,
  ) {}
}

/** The pool's row status as the item machine names it. */
const statusOf = (row: { status: string; linkId: string | null }): ItemStatus =>
  row.status === 'waiting' ? (row.linkId ? 'pooled' : 'unlinked') : (row.status as ItemStatus);

@CommandHandler(ActOnItemsCommand)
export class ActOnItemsHandler implements ICommandHandler<ActOnItemsCommand, { items: number }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly items: ItemsRepository,
    private readonly work: ItemWork,
  ) {}

  async execute({ projectId, itemIds, action, context, lines }: ActOnItemsCommand): Promise<{ items: number }> {
    const rows = await this.items.selection(projectId, itemIds);
    const bulk: BulkItem[] = rows.map((r) => ({ itemId: r.itemId, linkId: r.linkId, status: statusOf(r) }));
    const refusal = action.name === 'release' ? bulkReleaseRefusal(bulk) : action.name === 'reject' ? bulkRejectRefusal(bulk) : null;
    if (refusal) throw new AppError(400, 'BULK_REFUSED', refusal.messageKey, refusal.params);
    if (rows.length !== new Set(itemIds).size) throw new AppError(404, 'NOT_FOUND', 'items.selection_unknown');
    const refused = [...(lines?.refused ?? [])];
    const lineOf = new Map(lines?.named.map((n) => [n.itemId, n]));
    const { results } = await this.pipeline.transact(context, async (unit) => {
      const { plan } = await this.work.plan(unit, projectId);
      for (const row of rows) {
        try {
          await this.work.run(unit, row, plan, context.actor, actionDecider(action, null));
        } catch (error) {
          // A decider's or machine's refusal reads nothing from the database, so the transaction can go on judging.
          const named = lineOf.get(row.itemId);
          if (!named || !(error instanceof AppError)) throw error;
          refused.push(lineRefusal(named, error));
        }
      }
      // Thrown inside the transaction, so nothing it decided is written.
      if (refused.length > 0) throw linesRefused(refused);
    });
    return { items: results.length };
  }
}

/** The machine's refusal names the state the item is in; any other refusal is given in its own words. */
function lineRefusal(named: NamedLine, error: AppError): LineRefusal {
  return error.messageKey === 'errors.invalid_transition'
    ? { ...named, messageKey: 'items.csv_line_not_recyclable', params: { state: `items.item_state.${String(error.params.from)}` } }
    : { ...named, messageKey: 'items.csv_line_refused', params: { reason: error.messageKey } };
}

function linesRefused(refused: LineRefusal[]): AppError {
  const fields = [...refused]
    .sort((a, b) => a.line - b.line)
    .map((r) => ({ field: `line.${r.line}`, messageKey: r.messageKey, params: { ...r.params, line: r.line, value: r.value } }));
  return new AppError(400, 'VALIDATION_FAILED', 'items.csv_refused', { count: fields.length }, fields);
}
