// The only Kysely of the audits context: the ledger verification runs as the screen lists them.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { AuditView, Page } from '@annot/workflows';

export interface AuditRow extends AuditView {
  version: string;
}

@Injectable()
export class AuditsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private select() {
    return this.db
      .selectFrom('audits')
      .select([
        'audit_id as auditId',
        'status',
        'requested_by as requestedBy',
        exactIso('requested_at').as('requestedAt'),
        exactIso<string | null>('finished_at').as('finishedAt'),
        sql<number>`checked::int`.as('checked'),
        'first_bad_event as firstBadEventId',
        'version',
      ]);
  }

  async get(auditId: string): Promise<AuditRow | undefined> {
    return (await this.select().where('audit_id', '=', auditId).executeTakeFirst()) as AuditRow | undefined;
  }

  async list(limit: number, cursor?: string): Promise<Page<AuditView>> {
    let query = this.select().orderBy('requested_at', 'desc').orderBy('audit_id', 'desc').limit(limit + 1);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(requested_at, audit_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = (await query.execute()) as AuditRow[];
    const items = rows.slice(0, limit).map(({ version: _, ...view }) => view);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.requestedAt, last.auditId) : null };
  }
}
