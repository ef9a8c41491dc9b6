// Which item a past read may open: one of a project the caller may see (the staff any, an auditor those given to it);
// any other answers as an item that does not exist. Its stream is read here too, so both past reads share one loader.
import { Injectable } from '@nestjs/common';
import { type Actor, EventStore, NotFoundError } from '@annot/core';
import { type ItemEvent, itemStreamId, type LoggedItemEvent } from '@annot/workflows';
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
}
