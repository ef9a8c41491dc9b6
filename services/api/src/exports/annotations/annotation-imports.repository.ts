// What an annotation import reads of a batch: its project, and its items with whether each waits in an annotation pool.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';
import type { ImportTarget } from '@annot/workflows';

@Injectable()
export class AnnotationImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async projectOf(batchId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('batches').select(['project_id']).where('batch_id', '=', batchId).where('status', '<>', 'deleted').executeTakeFirst())?.project_id;
  }

  /** `unworked` when nothing was done to the item since its import, so its stream has no events to read. */
  async targets(batchId: string): Promise<(ImportTarget & { linkId: string | null; projectId: string; unworked: boolean })[]> {
    const rows = await this.db
      .selectFrom('data_items as d')
      .leftJoin('project_links as l', 'l.link_id', 'd.link_id')
      .select(['d.item_id as itemId', 'd.project_id as projectId', 'd.link_id as linkId', 'd.file_name as fileName', 'd.width', 'd.height', 'd.frame_count as frameCount', 'd.status', 'l.type as linkType', sql<boolean>`d.item_version = 0`.as('unworked')])
      .where('d.batch_id', '=', batchId)
      .where('d.status', '<>', 'deleted')
      .execute();
    return rows.map(({ status, linkType, ...row }) => ({ ...row, waiting: status === 'waiting' && linkType === 'annotation' }));
  }
}
