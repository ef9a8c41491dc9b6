// Signed webhooks: the registry (an inline projection), where each one's delivery stands in the log, and the log of
// delivery attempts. The last two are operational records of talking to a receiver, written by the worker.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhooks (
      webhook_id    uuid PRIMARY KEY,
      project_id    uuid NOT NULL,
      url           text NOT NULL,
      description   text NOT NULL,
      event_types   jsonb NOT NULL,
      status        text NOT NULL,
      -- Replays asked for: the worker compares the count with the ones its cursor has taken into account.
      replays       integer NOT NULL DEFAULT 0,
      registered_by text NOT NULL,
      registered_at timestamptz NOT NULL,
      version       bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhooks_project_idx ON webhooks (project_id, registered_at, webhook_id)`.execute(db);
  await sql`
    CREATE TABLE webhook_checkpoints (
      webhook_id        uuid PRIMARY KEY,
      -- The last event delivered (or passed over as another project's), in the log's (tx_id, global_position) order.
      tx_id             xid8 NOT NULL,
      global_position   bigint NOT NULL,
      -- The replays of the webhook's stream this cursor has taken into account.
      replays_seen      integer NOT NULL DEFAULT 0,
      delivered_position bigint,
      last_delivered_at timestamptz,
      failures          integer NOT NULL DEFAULT 0,
      next_attempt_at   timestamptz,
      last_error        text,
      updated_at        timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      attempt_id      uuid PRIMARY KEY,
      webhook_id      uuid NOT NULL,
      event_id        uuid NOT NULL,
      event_type      text NOT NULL,
      global_position bigint NOT NULL,
      attempt         integer NOT NULL,
      ok              boolean NOT NULL,
      status_code     integer,
      duration_ms     integer NOT NULL,
      error           text,
      attempted_at    timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, attempted_at DESC, attempt_id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries, webhook_checkpoints, webhooks`.execute(db);
}
