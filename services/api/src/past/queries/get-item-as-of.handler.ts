// An item as it was at a moment: its stream folded up to the moment from where its import registered it.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError } from '@annot/core';
import { itemAsOf, type ItemPastView, itemPastView, type Moment, momentOf, momentQuery, type RawMomentQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { PastItemAccess } from '../past-item-access.service';

export class GetItemAsOfQuery {
  constructor(
    readonly actor: Actor,
    readonly itemId: string,
    readonly query: RawMomentQuery,
  ) {}
}

@QueryHandler(GetItemAsOfQuery)
export class GetItemAsOfHandler implements IQueryHandler<GetItemAsOfQuery, ItemPastView> {
  constructor(private readonly access: PastItemAccess) {}

  async execute({ actor, itemId, query }: GetItemAsOfQuery): Promise<ItemPastView> {
    const { item, history } = await this.access.history(actor, itemId);
    const moment = momentIn(query);
    const past = itemAsOf(history, moment);
    if (past.kind === 'not_yet') throw new AppError(404, 'NOT_FOUND', 'past.not_yet');
    if (past.kind === 'no_version') throw new AppError(404, 'NOT_FOUND', 'past.no_version', { version: moment.kind === 'version' ? moment.resultVersion : '' });
    const { itemId: id, projectId, batchId, fileName, width, height } = item;
    return itemPastView({ itemId: id, projectId, batchId, fileName, width, height }, past.state, { asked: moment.kind, ...past.through, folded: past.folded, total: past.total });
  }
}

/** The moment asked for, once the item is known to be the caller's to read. */
function momentIn(query: RawMomentQuery): Moment {
  const parsed = momentQuery.safeParse(query);
  if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
  return momentOf(parsed.data);
}
