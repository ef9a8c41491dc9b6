// The management log as the log screen reads it: newest first, with the actor's name.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';

export interface HistoryRow {
  id: string;
  actorId: string | null;
  actorRole: string | null;
  actorName: string | null;
  eventType: string;
  streamId: string;
  summary: Record<string, unknown>;
  createdAt: string;
}

/** Token rotations are bookkeeping of sessions, not something a person did. */
const hiddenTypes = ['SessionTokenRotated'];

@Injectable()
export class HistoryRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** `projectIds`: only events naming one of these projects; without it, every event. */
  async page(limit: number, offset: number, projectIds?: string[]): Promise<{ rows: HistoryRow[]; total: number }> {
    let base = this.db.selectFrom('management_log as l').where('l.event_type', 'not in', hiddenTypes);
    if (projectIds) base = base.where(sql<boolean>`l.project_id = ANY(${projectIds}::uuid[])`);
    const rows = await base
      .leftJoin('accounts as a', (join) => join.on(sql`a.account_id::text`, '=', sql.ref('l.actor_id')))
      .select([
        sql<string>`l.global_position::text`.as('id'),
        'l.actor_id as actorId',
        'l.actor_role as actorRole',
        'a.name as actorName',
        'l.event_type as eventType',
        'l.stream_id as streamId',
        'l.summary',
        iso('l.recorded_at').as('createdAt'),
      ])
      .orderBy('l.global_position', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return { rows: rows as HistoryRow[], total };
  }
}
