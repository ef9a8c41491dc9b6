// The only Kysely of batches: a project's batch list, one batch, its items page by page, its failure file.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, invalidCursor, iso } from '@annot/core';
import type { BatchSummary, BatchItemView, Page } from '@annot/workflows';

/** A summary before translation: the message keys are turned into the caller's language by the controller. */
export type BatchRow = Omit<BatchSummary, 'failureMessage' | 'importError'> & { importErrorKey: string | null; failureFileId: string | null };

@Injectable()
export class BatchesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private summaries() {
    return this.db
      .selectFrom('batches as b')
      .select([
        'b.batch_id as id',
        'b.project_id as projectId',
        'b.name',
        'b.priority',
        'b.upload_type as uploadType',
        'b.status',
        'b.items',
        'b.failed',
        'b.importing',
        sql<boolean>`b.failure_file_id IS NOT NULL`.as('failureFile'),
        'b.failure_file_id as failureFileId',
        'b.import_error as importErrorKey',
        iso('b.created_at').as('createdAt'),
        'b.version',
      ]);
  }

  async list(projectId: string): Promise<BatchRow[]> {
    const rows = await this.summaries()
      .where('b.project_id', '=', projectId)
      .where('b.status', '<>', 'deleted')
      .orderBy('b.priority', 'desc')
      .orderBy('b.created_at', 'desc')
      .orderBy('b.batch_id', 'desc')
      .execute();
    return rows as BatchRow[];
  }

  async get(batchId: string): Promise<BatchRow | undefined> {
    return (await this.summaries().where('b.batch_id', '=', batchId).where('b.status', '<>', 'deleted').executeTakeFirst()) as BatchRow | undefined;
  }

  /** The project of a batch, deleted or not. */
  async projectOf(batchId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('batches').select('project_id').where('batch_id', '=', batchId).executeTakeFirst())?.project_id;
  }

  /** Items in the order they were registered; the cursor is the last item's place in the batch. */
  async items(batchId: string, limit: number, cursor: string | undefined): Promise<Page<BatchItemView>> {
    // An item's place is an integer column: a cursor beyond it was never handed out.
    if (cursor !== undefined && !/^\d{1,9}$/.test(cursor)) throw invalidCursor();
    const after = cursor === undefined ? -1 : Number(cursor);
    const rows = await this.db
      .selectFrom('items')
      .select(['item_id as id', 'seq', 'file_name as fileName', sql<number>`size::float8`.as('size'), 'media_type as mediaType', 'width', 'height', 'status', 'effective'])
      .where('batch_id', '=', batchId)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    return {
      items: page.map(({ seq: _, ...item }) => item),
      nextCursor: rows.length > limit ? String(page[page.length - 1].seq) : null,
    };
  }
}
