// What a past read of an item needs besides its stream: its row, where its import registered it in the log, the
// judgements of the quality gates that named it, and the names of the people in its history.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, exactIso } from '@annot/core';
import { batchItemsStreamId } from '@annot/workflows';

export interface PastItemRow {
  itemId: string;
  projectId: string;
  batchId: string;
  seq: number;
  fileName: string;
  width: number | null;
  height: number | null;
}

export interface Registration {
  position: string;
  recordedAt: string;
  linkId: string | null;
}

export interface GateJudgementRow {
  gate: 'sampling' | 'acceptance';
  gateId: string;
  verdict: string;
  resultVersion: number;
  judgeId: string | null;
  judgedAt: string;
}

@Injectable()
export class PastItemsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async item(itemId: string): Promise<PastItemRow | undefined> {
    return this.db
      .selectFrom('items')
      .select(['item_id as itemId', 'project_id as projectId', 'batch_id as batchId', 'seq', 'file_name as fileName', 'width', 'height'])
      .where('item_id', '=', itemId)
      .executeTakeFirst();
  }

  /** The import chunk that registered the item: the chunk of its batch with the last first place at or before the item's. */
  async registration(item: PastItemRow): Promise<Registration | undefined> {
    const row = await this.db
      .selectFrom('events')
      .select([
        'global_position as position',
        sql<string>`to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('recordedAt'),
        sql<string | null>`data->>'linkId'`.as('linkId'),
      ])
      .where('stream_id', '=', batchItemsStreamId(item.batchId))
      .where('type', '=', 'BatchItemsRegistered')
      .where(sql<boolean>`(data->>'firstSeq')::int <= ${item.seq}`)
      .orderBy('stream_position', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { ...row, position: String(row.position) };
  }

  /** Sampling and acceptance judgements of the item, each naming the version it judged. */
  async gateJudgements(itemId: string): Promise<GateJudgementRow[]> {
    const sampled = await this.db
      .selectFrom('sample_items')
      .select(['task_id as gateId', 'verdict', 'result_version as resultVersion', 'inspector_id as judgeId', exactIso<string>('judged_at').as('judgedAt')])
      .where('item_id', '=', itemId)
      .where('verdict', 'is not', null)
      .execute();
    const accepted = await this.db
      .selectFrom('acceptance_items as i')
      .innerJoin('acceptance_batches as b', 'b.batch_id', 'i.batch_id')
      .select(['i.batch_id as gateId', 'i.verdict', 'i.result_version as resultVersion', 'b.claimer_id as judgeId', exactIso<string>('i.judged_at').as('judgedAt')])
      .where('i.item_id', '=', itemId)
      .where('i.verdict', 'is not', null)
      .execute();
    return [
      ...sampled.map((r) => ({ gate: 'sampling' as const, gateId: r.gateId, verdict: r.verdict!, resultVersion: r.resultVersion, judgeId: r.judgeId, judgedAt: r.judgedAt })),
      ...accepted.map((r) => ({ gate: 'acceptance' as const, gateId: r.gateId, verdict: r.verdict!, resultVersion: r.resultVersion, judgeId: r.judgeId, judgedAt: r.judgedAt })),
    ];
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('accounts').select(['account_id', 'name']).where('account_id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.account_id, r.name]));
  }
}
