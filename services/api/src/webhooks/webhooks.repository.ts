// The only Kysely of the webhooks context in the API: the registry with where each delivery stands, the delivery
// log, and the log position a replay from a time starts at.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { Page, WebhookDeliveryView, WebhookEventType, WebhookStatus, WebhookView } from '@annot/workflows';

@Injectable()
export class WebhooksRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private selectWebhooks() {
    return this.db
      .selectFrom('webhooks as w')
      .leftJoin('webhook_checkpoints as c', 'c.webhook_id', 'w.webhook_id')
      .select([
        'w.webhook_id',
        'w.project_id',
        'w.url',
        'w.description',
        'w.event_types',
        'w.status',
        'w.registered_by',
        exactIso('w.registered_at').as('registeredAt'),
        'w.version',
        sql<string | null>`c.delivered_position::text`.as('deliveredPosition'),
        exactIso<string | null>('c.last_delivered_at').as('lastDeliveredAt'),
        'c.failures',
        exactIso<string | null>('c.next_attempt_at').as('nextAttemptAt'),
        'c.last_error',
      ])
      .orderBy('w.registered_at')
      .orderBy('w.webhook_id');
  }

  async list(projectId: string): Promise<WebhookView[]> {
    const rows = await this.selectWebhooks().where('w.project_id', '=', projectId).execute();
    return rows.map(toView);
  }

  async get(webhookId: string): Promise<WebhookView | undefined> {
    const row = await this.selectWebhooks().where('w.webhook_id', '=', webhookId).executeTakeFirst();
    return row && toView(row);
  }

  /** Newest attempt first. */
  async deliveries(webhookId: string, limit: number, cursor: string | undefined): Promise<Page<WebhookDeliveryView>> {
    let query = this.db
      .selectFrom('webhook_deliveries')
      .select([
        'attempt_id as id',
        'event_id as eventId',
        'event_type as eventType',
        sql<string>`global_position::text`.as('globalPosition'),
        'attempt',
        'ok',
        'status_code as statusCode',
        'duration_ms as durationMs',
        'error',
        exactIso('attempted_at').as('attemptedAt'),
      ])
      .where('webhook_id', '=', webhookId)
      .orderBy('attempted_at', 'desc')
      .orderBy('attempt_id', 'desc')
      .limit(limit + 1);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(attempted_at, attempt_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = await query.execute();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.attemptedAt, last.id) : null };
  }

  /** The first event recorded at or after `time`; past the end of the log, the position the next event will get. */
  async positionAt(time: string): Promise<string> {
    // Read through the time index: a bare min() would walk the positions from the first event of the log.
    const { rows } = await sql<{ position: string | null }>`
      SELECT min(global_position)::text AS position
      FROM (SELECT global_position FROM events WHERE recorded_at >= ${new Date(time)} OFFSET 0) AS since`.execute(this.db);
    const first = rows[0];
    if (first.position) return first.position;
    const last = await this.db.selectFrom('events').select(sql<string>`(coalesce(max(global_position), 0) + 1)::text`.as('position')).executeTakeFirstOrThrow();
    return last.position;
  }
}

type Row = Awaited<ReturnType<ReturnType<WebhooksRepository['selectWebhooks']>['execute']>>[number];

function toView(row: Row): WebhookView {
  return {
    id: row.webhook_id,
    projectId: row.project_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types as WebhookEventType[],
    status: row.status as WebhookStatus,
    registeredBy: row.registered_by,
    registeredAt: row.registeredAt,
    delivery: {
      deliveredPosition: row.deliveredPosition,
      lastDeliveredAt: row.lastDeliveredAt,
      failures: row.failures ?? 0,
      nextAttemptAt: row.nextAttemptAt,
      lastError: row.last_error,
    },
    etag: String(row.version),
  };
}
