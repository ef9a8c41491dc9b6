// The management log as the log screen reads it: newest first, with the actor's name.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';
import { accountStreamId } from '@annot/workflows';

export interface ManagementLogRow {
  id: string;
  actorId: string | null;
  actorRole: string | null;
  actorName: string | null;
  eventType: string;
  streamId: string;
  summary: Record<string, unknown>;
  createdAt: string;
}

export interface ManagementLogScope {
  projectIds: string[];
  /** An auditor reading its own log: the assignments of its projects, even one that took them all away. */
  givenTo?: string;
}

/** Token rotations are bookkeeping of sessions, not something a person did. */
const hiddenTypes = ['SessionTokenRotated'];

@Injectable()
export class ManagementLogRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Without a scope, every event. With one, the events naming one of its projects, as their own project or among
   * several (a clone's source, an auditor's set), and the events of the scope's account that gave it its projects.
   */
  async page(limit: number, offset: number, scope?: ManagementLogScope): Promise<{ rows: ManagementLogRow[]; total: number }> {
    // The page and its total from one snapshot of the log, so a row the projection writes between them is in both or neither.
    return this.db.transaction().setIsolationLevel('repeatable read').execute((trx) => this.read(trx, limit, offset, scope));
  }

  private async read(db: Db, limit: number, offset: number, scope?: ManagementLogScope): Promise<{ rows: ManagementLogRow[]; total: number }> {
    let base = db.selectFrom('management_log as l').where('l.event_type', 'not in', hiddenTypes);
    if (scope) {
      const { projectIds, givenTo } = scope;
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`l.project_id = ANY(${projectIds}::uuid[])`,
          sql<boolean>`l.project_ids && ${projectIds}::uuid[]`,
          ...(givenTo ? [eb.and([eb('l.event_type', '=', 'AuditorProjectsAssigned'), eb('l.stream_id', '=', accountStreamId(givenTo))])] : []),
        ]),
      );
    }
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
    return { rows: rows as ManagementLogRow[], total };
  }
}
