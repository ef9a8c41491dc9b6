// The only Kysely of webhook delivery: which webhooks have something due, each one's cursor in the log, the
// attempts it made, and the project of a stream whose events do not name it.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, type LogCursor } from '@annot/core';
import type { WebhookDeliveryView } from '@annot/workflows';

export interface Checkpoint {
  cursor: LogCursor;
  replaysSeen: number;
  failures: number;
  nextAttemptAt: Date | null;
}

/** One try at delivering an event, as the delivery log keeps it. */
export type Attempt = Omit<WebhookDeliveryView, 'id' | 'attemptedAt'> & { attemptId: string; webhookId: string };

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Switched-on webhooks not waiting out a retry, or with a replay their cursor has not taken in; longest waiting first. */
  async due(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('webhooks as w')
      .leftJoin('webhook_checkpoints as c', 'c.webhook_id', 'w.webhook_id')
      .select('w.webhook_id')
      .where('w.status', '=', 'enabled')
      .where(sql<boolean>`(c.next_attempt_at IS NULL OR c.next_attempt_at <= now() OR w.replays > c.replays_seen)`)
      .orderBy(sql`coalesce(c.updated_at, w.registered_at)`)
      .limit(limit)
      .execute();
    return rows.map((r) => r.webhook_id);
  }

  /** Holds the webhook for this connection's session: one deliverer per webhook across every worker process. */
  async tryHold(conn: Db, webhookId: string): Promise<boolean> {
    const { rows } = await sql<{ held: boolean }>`SELECT pg_try_advisory_lock(hashtextextended(${'webhook:' + webhookId}, 0)) AS held`.execute(conn);
    return rows[0].held;
  }

  async release(conn: Db, webhookId: string): Promise<void> {
    await sql`SELECT pg_advisory_unlock(hashtextextended(${'webhook:' + webhookId}, 0))`.execute(conn);
  }

  async checkpoint(conn: Db, webhookId: string): Promise<Checkpoint | undefined> {
    const row = await conn
      .selectFrom('webhook_checkpoints')
      .select([sql<string>`tx_id::text`.as('tx_id'), 'global_position', 'replays_seen', 'failures', 'next_attempt_at'])
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return row && { cursor: { txId: row.tx_id, globalPosition: row.global_position }, replaysSeen: row.replays_seen, failures: row.failures, nextAttemptAt: row.next_attempt_at };
  }

  /** A new webhook delivers what is committed after its registration: its cursor starts at that event. */
  async startCheckpoint(conn: Db, webhookId: string, streamId: string): Promise<Checkpoint> {
    const registered = await conn
      .selectFrom('events')
      .select([sql<string>`tx_id::text`.as('tx_id'), 'global_position'])
      .where('stream_id', '=', streamId)
      .where('stream_position', '=', '1')
      .executeTakeFirstOrThrow();
    const cursor = { txId: registered.tx_id, globalPosition: registered.global_position };
    await sql`
      INSERT INTO webhook_checkpoints (webhook_id, tx_id, global_position)
      VALUES (${webhookId}, ${cursor.txId}::xid8, ${cursor.globalPosition}::bigint)
      ON CONFLICT (webhook_id) DO NOTHING`.execute(conn);
    return { cursor, replaysSeen: 0, failures: 0, nextAttemptAt: null };
  }

  /**
   * The cursor just before the first event at or after a global position, so that event is read next. Null when the
   * log has none yet: nothing from there has been delivered, so nothing is delivered again.
   */
  async cursorBefore(conn: Db, fromPosition: string): Promise<LogCursor | null> {
    const row = await conn
      .selectFrom('events')
      .select([sql<string>`tx_id::text`.as('tx_id'), sql<string>`(global_position - 1)::text`.as('before')])
      .where('global_position', '>=', fromPosition)
      .orderBy('global_position')
      .limit(1)
      .executeTakeFirst();
    return row ? { txId: row.tx_id, globalPosition: row.before } : null;
  }

  async saveCheckpoint(conn: Db, webhookId: string, checkpoint: Checkpoint, lastError: string | null, delivered: { position: string } | null): Promise<void> {
    await sql`
      UPDATE webhook_checkpoints
      SET tx_id = ${checkpoint.cursor.txId}::xid8, global_position = ${checkpoint.cursor.globalPosition}::bigint,
          replays_seen = ${checkpoint.replaysSeen}, failures = ${checkpoint.failures}, next_attempt_at = ${checkpoint.nextAttemptAt},
          last_error = ${lastError},
          delivered_position = coalesce(${delivered?.position ?? null}::bigint, delivered_position),
          last_delivered_at = CASE WHEN ${delivered !== null} THEN now() ELSE last_delivered_at END,
          updated_at = now()
      WHERE webhook_id = ${webhookId}`.execute(conn);
  }

  async logAttempt(conn: Db, attempt: Attempt): Promise<void> {
    await conn
      .insertInto('webhook_deliveries')
      .values({
        attempt_id: attempt.attemptId,
        webhook_id: attempt.webhookId,
        event_id: attempt.eventId,
        event_type: attempt.eventType,
        global_position: attempt.globalPosition,
        attempt: attempt.attempt,
        ok: attempt.ok,
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
      })
      .execute();
  }

  /** Removes a webhook's attempts older than the log keeps, through the log's own (webhook, time) index. */
  async trimLog(conn: Db, webhookId: string, days: number): Promise<void> {
    await sql`
      DELETE FROM webhook_deliveries
      WHERE webhook_id = ${webhookId} AND attempted_at < now() - make_interval(secs => ${days * 86_400})`.execute(conn);
  }

  /** The project named by the first event of a stream (an algorithm call's request names it; its later events do not). */
  async projectOfStream(conn: Db, streamId: string): Promise<string | null> {
    const row = await conn
      .selectFrom('events')
      .select(sql<string | null>`data->>'projectId'`.as('project_id'))
      .where('stream_id', '=', streamId)
      .where('stream_position', '=', '1')
      .executeTakeFirst();
    return row?.project_id ?? null;
  }
}
