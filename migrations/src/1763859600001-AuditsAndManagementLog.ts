// Projection tables of the first contexts: ledger verification runs (inline) and the management log (async).
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audits (
      audit_id      uuid PRIMARY KEY,
      status        text NOT NULL,
      requested_by  text NOT NULL,
      requested_at  timestamptz NOT NULL,
      finished_at   timestamptz,
      checked       bigint NOT NULL DEFAULT 0,
      first_bad_event uuid,
      version       bigint NOT NULL
    );
    CREATE INDEX audits_requested_idx ON audits (requested_at DESC, audit_id DESC);

    CREATE TABLE management_log (
      global_position bigint PRIMARY KEY,
      event_id    uuid NOT NULL,
      stream_id   text NOT NULL,
      event_type  text NOT NULL,
      actor_id    text,
      actor_role  text,
      summary     jsonb NOT NULL,
      recorded_at timestamptz NOT NULL
    );
    CREATE INDEX management_log_recent_idx ON management_log (recorded_at DESC, global_position DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE management_log, audits`.execute(db);
}
