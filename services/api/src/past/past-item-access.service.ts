// Which item a past read may open: one of a project the caller may see (the staff any, an auditor those given to it);
// any other answers as an item that does not exist. Its stream and history are read here too, so the past reads share
// one loader.
import { Injectable } from '@nestjs/common';
import { type Actor, AppError, EventStore, NotFoundError } from '@annot/core';
import { type ItemEvent, type ItemHistory, itemStreamId, type LoggedItemEvent, startItemState } from '@annot/workflows';
import { ProjectAccess } from '../projects/project-access.service';
import { type PastItemRow, PastItemsRepository } from './past-items.repository';

export interface LoadedItemStream {
  item: PastItemRow;
  events: (LoggedItemEvent & { actorId: string | null })[];
}

@Injectable()
export class PastItemAccess {
  constructor(
    private readonly items: PastItemsRepository,
    private readonly projects: ProjectAccess,
    private readonly eventStore: EventStore,
  ) {}

  async visibleItem(actor: Actor, itemId: string): Promise<PastItemRow> {
    const item = await this.items.item(itemId);
    if (!item || !(await this.projects.mayView(actor, item.projectId))) throw new NotFoundError('things.item', itemId);
    return item;
  }

  async stream(actor: Actor, itemId: string): Promise<LoadedItemStream> {
    const item = await this.visibleItem(actor, itemId);
    const { events } = await this.eventStore.readStream(itemStreamId(itemId));
    return {
      item,
      events: events.map((e) => ({
        event: { type: e.type, data: e.data } as ItemEvent,
        position: e.globalPosition,
        recordedAt: e.recordedAt,
        actorId: e.metadata?.actorId ?? null,
      })),
    };
  }

  /** The item's stream from the state its import registered it in: what a moment of it is folded from. */
  async history(actor: Actor, itemId: string): Promise<LoadedItemStream & { history: ItemHistory }> {
    const loaded = await this.stream(actor, itemId);
    const registered = await this.items.registration(loaded.item);
    // An item is always registered by a chunk of its batch; without one, its log was cut, and the past is unknown.
    if (!registered) throw new AppError(404, 'NOT_FOUND', 'past.not_yet');
    const start = startItemState({ itemId, projectId: loaded.item.projectId, linkId: registered.linkId });
    return { ...loaded, history: { start, registered, events: loaded.events } };
  }
}
