// What every read of one item shares: the item's row under the reader's access, the actions it may take there, and
// the frames and files its media routes serve, each refused with the same 404s.
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { type Actor, type AppConfig, AppError, CONFIG, NotFoundError } from '@annot/core';
import { allowedItemActions, can, frameFile, itemActions, itemRouteNames, type ItemRouteName, itemStateOfRow } from '@annot/workflows';
import { ItemMedia, sendMedia } from './item-media.service';
import { ItemAccess } from './item-access.service';
import { type ItemView, ItemsRepository } from './items.repository';

type FoundFrames = NonNullable<Awaited<ReturnType<ItemsRepository['framesOf']>>>;

@Injectable()
export class ItemReads {
  constructor(
    private readonly items: ItemsRepository,
    private readonly access: ItemAccess,
    private readonly files: ItemMedia,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The item's row, to a reader who may read it; anyone else is told it is not there. */
  async readable(itemId: string, actor: Actor): Promise<ItemView> {
    const item = await this.items.item(itemId);
    if (!item) throw new NotFoundError('things.item', itemId);
    await this.access.assertItem(actor, item);
    return item;
  }

  /** The actions of the item action table the reader may take on the item now, from its row and its project's rows. */
  async allowedActions(item: ItemView, actor: Actor): Promise<ItemRouteName[]> {
    const privateDeployment = this.config.privateDeployment;
    // A reader whose role may take none of them (a supplier) is not worth a read of the plan.
    if (!itemRouteNames.some((name) => can(actor.role, itemActions[name].permission, privateDeployment))) return [];
    const reading = await this.items.machineReading(item);
    if (!reading) return [];
    return allowedItemActions(itemStateOfRow(item, reading.invalidity), reading.plan, { id: actor.id, role: actor.role, privateDeployment });
  }

  /** The item's picture and frame columns, to a reader who may read it. */
  async frames(itemId: string, actor: Actor): Promise<FoundFrames> {
    await this.readable(itemId, actor);
    const found = await this.items.framesOf(itemId);
    if (!found) throw new NotFoundError('things.item', itemId);
    return found;
  }

  /** One frame's file; a frame past the item's last is not there. */
  frameAt(found: FoundFrames, index: number) {
    const file = frameFile(found.frames, found.picture, index);
    if (!file) throw new AppError(404, 'NOT_FOUND', 'items.frame_out_of_range', { count: found.frames?.count ?? 1, index });
    return file;
  }

  /** A stored file to the reader, under the media's caching. */
  async send(res: Response, path: string, mediaType: string, etag: string): Promise<void> {
    await sendMedia(res, { stream: await this.files.open(path), mediaType, etag });
  }
}
