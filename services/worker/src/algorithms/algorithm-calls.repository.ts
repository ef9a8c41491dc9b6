// The only Kysely of the worker's algorithms context: a call's settings, the items of its scope still to plan, and
// the items of a chunk still to send.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';
import type { AlgorithmCallScope } from '@annot/workflows';

export interface CallSettings {
  algorithmId: string;
  versionId: string;
  projectId: string;
  scope: AlgorithmCallScope;
  scoreThreshold: number;
  controlGroupRatio: number;
  drawSeed: number;
}

export interface CallItem {
  itemId: string;
  projectId: string;
  linkId: string | null;
  fileName: string;
  mediaType: string;
  width: number | null;
  height: number | null;
}

@Injectable()
export class AlgorithmCallsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async settings(callId: string): Promise<CallSettings> {
    const row = await this.db
      .selectFrom('algorithm_calls')
      .select(['algorithm_id', 'version_id', 'project_id', 'scope', 'score_threshold', 'control_group_ratio', 'draw_seed'])
      .where('call_id', '=', callId)
      .executeTakeFirstOrThrow();
    return {
      algorithmId: row.algorithm_id,
      versionId: row.version_id,
      projectId: row.project_id,
      scope: row.scope as AlgorithmCallScope,
      scoreThreshold: row.score_threshold,
      controlGroupRatio: row.control_group_ratio,
      drawSeed: Number(row.draw_seed),
    };
  }

  /**
   * The next page of the scope's items waiting in an annotation link and not yet planned for this call, by id: a
   * planning cut off by a crash goes on where its last recorded page ended.
   */
  async unplanned(callId: string, settings: CallSettings, limit: number): Promise<string[]> {
    let query = this.db
      .selectFrom('items as d')
      .innerJoin('project_links as l', 'l.link_id', 'd.link_id')
      .select('d.item_id')
      .where('d.project_id', '=', settings.projectId)
      .where('d.status', '=', 'waiting')
      .where('l.type', '=', 'annotation')
      .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM algorithm_call_items i WHERE i.call_id = ${callId} AND i.item_id = d.item_id)`)
      .orderBy('d.item_id')
      .limit(limit);
    query = settings.scope.type === 'batch' ? query.where('d.batch_id', '=', settings.scope.batchId) : query.where('d.link_id', '=', settings.scope.linkId);
    return (await query.execute()).map((r) => r.item_id);
  }

  async pending(callId: string, chunk: number): Promise<CallItem[]> {
    return this.db
      .selectFrom('algorithm_call_items as i')
      .innerJoin('items as d', 'd.item_id', 'i.item_id')
      .select(['d.item_id as itemId', 'd.project_id as projectId', 'd.link_id as linkId', 'd.file_name as fileName', 'd.media_type as mediaType', 'd.width', 'd.height'])
      .where('i.call_id', '=', callId)
      .where('i.chunk', '=', chunk)
      .where('i.outcome', '=', 'pending')
      .orderBy('i.item_id')
      .execute();
  }

  async pendingCount(callId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('algorithm_call_items')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('call_id', '=', callId)
      .where('outcome', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async plannedCounts(callId: string): Promise<{ items: number; control: number }> {
    const row = await this.db.selectFrom('algorithm_calls').select(['items', 'control']).where('call_id', '=', callId).executeTakeFirstOrThrow();
    return { items: row.items, control: row.control };
  }
}
