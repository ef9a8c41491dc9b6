// The moments of an item to choose from: every event of its stream, and every judgement that named a result version.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '@annot/core';
import type { ItemJudgement, ItemTimelineView } from '@annot/workflows';
import { PastItemAccess } from '../past-item-access.service';
import { PastItemsRepository } from '../past-items.repository';

export class GetItemTimelineQuery {
  constructor(
    readonly actor: Actor,
    readonly itemId: string,
  ) {}
}

/** The item's own judgements: an inspector's in a link, and the confirmation or overturning of an invalid mark. */
const inspectionVerdicts: Record<string, string> = { ItemPassed: 'pass', ItemRejected: 'reject', InvalidityConfirmed: 'invalid_confirmed', InvalidityOverturned: 'invalid_overturned' };

/** The link an event happened in; a recycle names the one it left. */
const linkOf = (data: object): string | null => ('linkId' in data ? String(data.linkId) : 'fromLinkId' in data ? String(data.fromLinkId) : null);

@QueryHandler(GetItemTimelineQuery)
export class GetItemTimelineHandler implements IQueryHandler<GetItemTimelineQuery, ItemTimelineView> {
  constructor(
    private readonly access: PastItemAccess,
    private readonly items: PastItemsRepository,
  ) {}

  async execute({ actor, itemId }: GetItemTimelineQuery): Promise<ItemTimelineView> {
    const { item, events } = await this.access.stream(actor, itemId);
    const gates = await this.items.gateJudgements(itemId);
    const people = new Set([...events.map((e) => e.actorId), ...gates.map((g) => g.judgeId)].filter((id): id is string => id !== null));
    const names = await this.items.names([...people]);
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    const versionOf = (data: object): number | null => ('resultVersion' in data && typeof data.resultVersion === 'number' ? data.resultVersion : null);
    const inspections: ItemJudgement[] = events.flatMap(({ event, position, recordedAt, actorId }) => {
      const verdict = inspectionVerdicts[event.type];
      if (!verdict) return [];
      return [{ gate: 'inspection' as const, gateId: linkOf(event.data) ?? '', verdict, resultVersion: versionOf(event.data) ?? 0, judgeId: actorId, judgeName: nameOf(actorId), judgedAt: recordedAt, position }];
    });
    const judged: ItemJudgement[] = gates.map((g) => ({ ...g, judgeName: nameOf(g.judgeId), position: null }));
    return {
      itemId,
      projectId: item.projectId,
      events: events.map(({ event, position, recordedAt, actorId }) => ({
        position,
        recordedAt,
        type: event.type,
        actorId,
        actorName: nameOf(actorId),
        linkId: linkOf(event.data),
        resultVersion: versionOf(event.data),
      })),
      judgements: [...inspections, ...judged].sort((a, b) => a.judgedAt.localeCompare(b.judgedAt)),
    };
  }
}
