// The items the worker's timers act on, as their pool rows name them: the only Kysely of the worker's tasks.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, type PoolItem } from '@annot/core';

@Injectable()
export class ItemsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Items of a project that wait with no link, a page at a time after `after`. */
  async unlinked(projectId: string, after: string, limit: number): Promise<PoolItem[]> {
    return this.db
      .selectFrom('items')
      .select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId'])
      .where('project_id', '=', projectId)
      .where('link_id', 'is', null)
      .where('status', '=', 'waiting')
      .where('item_id', '>', after)
      .orderBy('item_id')
      .limit(limit)
      .execute();
  }

  async poolItem(itemId: string): Promise<PoolItem | undefined> {
    return this.db.selectFrom('items').select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId']).where('item_id', '=', itemId).executeTakeFirst();
  }
}
