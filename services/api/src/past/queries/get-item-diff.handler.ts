// What changed in an item's result between two moments: both ends folded from its own stream, then compared from the
// earlier to the later.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError } from '@annot/core';
import { diffMoments, diffQuery, itemDiff, type ItemDiffEnd, type ItemDiffView, type RawDiffQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { PastItemAccess } from '../past-item-access.service';
import { PastItemsRepository } from '../past-items.repository';

export class GetItemDiffQuery {
  constructor(
    readonly actor: Actor,
    readonly itemId: string,
    readonly query: RawDiffQuery,
  ) {}
}

@QueryHandler(GetItemDiffQuery)
export class GetItemDiffHandler implements IQueryHandler<GetItemDiffQuery, ItemDiffView> {
  constructor(
    private readonly access: PastItemAccess,
    private readonly items: PastItemsRepository,
  ) {}

  async execute({ actor, itemId, query }: GetItemDiffQuery): Promise<ItemDiffView> {
    const { item, events, history } = await this.access.history(actor, itemId);
    const parsed = diffQuery.safeParse(query);
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
    const { from, to } = diffMoments(parsed.data);
    const found = itemDiff(history, from, to);
    if (found.kind !== 'found') {
      const moment = found.end === 'from' ? from : to;
      if (found.kind === 'not_yet') throw new AppError(404, 'NOT_FOUND', 'past.not_yet');
      throw new AppError(404, 'NOT_FOUND', 'past.no_version', { version: moment.kind === 'version' ? moment.resultVersion : '' });
    }
    const actors = new Map(events.map((e) => [e.position, e.actorId]));
    const names = await this.items.names([...new Set(found.changes.map((c) => actors.get(c.position)).filter((id): id is string => Boolean(id)))]);
    const end = (side: typeof found.from, asked: ItemDiffEnd['moment']['asked']): ItemDiffEnd => ({
      moment: { asked, ...side.through, folded: side.folded, total: side.total },
      status: side.state.status,
      resultVersion: side.state.resultVersion,
      result: side.state.result,
    });
    const { fileName, projectId, width, height } = item;
    return {
      itemId,
      projectId,
      fileName,
      width,
      height,
      from: end(found.from, (found.swapped ? to : from).kind),
      to: end(found.to, (found.swapped ? from : to).kind),
      diff: found.diff,
      changes: found.changes.map(({ event, position, recordedAt }) => {
        const actorId = actors.get(position) ?? null;
        const data: object = event.data;
        return {
          position,
          recordedAt,
          type: event.type,
          resultVersion: 'resultVersion' in data && typeof data.resultVersion === 'number' ? data.resultVersion : null,
          actorId,
          actorName: actorId ? (names.get(actorId) ?? null) : null,
        };
      }),
    };
  }
}
