// The work on data items: who holds each one and until when, its counts and result version, the pool's claim order,
// and the latest result of each item for the editor.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE data_items
      ADD COLUMN priority             integer NOT NULL DEFAULT 0,
      ADD COLUMN claimer_id           text,
      ADD COLUMN claim_id             uuid,
      ADD COLUMN claimed_at           timestamptz,
      ADD COLUMN deadline             timestamptz,
      ADD COLUMN preferred_claimer_id text,
      ADD COLUMN rework               boolean NOT NULL DEFAULT false,
      ADD COLUMN rework_count         integer NOT NULL DEFAULT 0,
      ADD COLUMN submission_count     integer NOT NULL DEFAULT 0,
      ADD COLUMN object_count         integer NOT NULL DEFAULT 0,
      ADD COLUMN result_version       integer NOT NULL DEFAULT 0,
      ADD COLUMN invalid_reason_id    uuid,
      ADD COLUMN last_saved_at        timestamptz,
      ADD COLUMN last_submitted_at    timestamptz,
      -- The version of the item's own stream, the ETag of its commands.
      ADD COLUMN item_version         bigint NOT NULL DEFAULT 0`.execute(db);
  // Items registered before this column existed take their batch's priority, as the projection now writes it.
  await sql`UPDATE data_items d SET priority = b.priority FROM batches b WHERE b.batch_id = d.batch_id`.execute(db);
  // A pool in claim order: larger batch priority first, then the order items arrived; only waiting items.
  await sql`CREATE INDEX data_items_claim_idx ON data_items (link_id, priority DESC, created_at, seq) WHERE status = 'waiting'`.execute(db);
  await sql`CREATE INDEX data_items_claimer_idx ON data_items (claimer_id, project_id) WHERE status = 'claimed'`.execute(db);
  await sql`
    CREATE TABLE item_results (
      item_id    uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      version    integer NOT NULL,
      result     jsonb NOT NULL,
      saved_by   text NOT NULL,
      saved_at   timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE item_results`.execute(db);
  await sql`DROP INDEX data_items_claim_idx, data_items_claimer_idx`.execute(db);
  await sql`
    ALTER TABLE data_items DROP COLUMN priority, DROP COLUMN claimer_id, DROP COLUMN claim_id, DROP COLUMN claimed_at, DROP COLUMN deadline,
      DROP COLUMN preferred_claimer_id, DROP COLUMN rework, DROP COLUMN rework_count, DROP COLUMN submission_count, DROP COLUMN object_count,
      DROP COLUMN result_version, DROP COLUMN invalid_reason_id, DROP COLUMN last_saved_at, DROP COLUMN last_submitted_at, DROP COLUMN item_version`.execute(db);
}
