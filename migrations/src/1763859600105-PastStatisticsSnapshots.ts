// A project's statistics kept beside each snapshot of its items, so a past statistics read starts from the nearest
// one instead of the project's first event: the statistics projection's rows of the project as of the snapshot, one
// table per table of the projection that names a project. The snapshots taken so far have none: they are dropped and
// taken again from the first event, with their statistics. A snapshot keeps every row or only those changed since the
// one before; a page made as of a moment is kept for its next read; a project's item events are indexed in log order.
import { Kysely, sql } from 'kysely';

const kept = ['projects', 'batches', 'items', 'work', 'objects', 'positions', 'sampling_rounds', 'acceptance'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The statistics events of the project (its own, its items', every account's) up to (tx_id, global_position) in
    -- log order; the last of them by position and by time say which moments hold them whole.
    CREATE TABLE past_statistics_snapshots (
      project_id uuid NOT NULL,
      global_position bigint NOT NULL,
      tx_id xid8 NOT NULL,
      last_position bigint NOT NULL,
      last_recorded_at timestamptz NOT NULL,
      full_at bigint NOT NULL,
      PRIMARY KEY (project_id, global_position)
    )`.execute(db);
  for (const name of kept) {
    await sql`CREATE TABLE ${sql.id(`past_insights_${name}`)} (snapshot bigint NOT NULL, LIKE ${sql.id(`insights_${name}`)} INCLUDING DEFAULTS)`.execute(db);
    await sql`CREATE INDEX ${sql.id(`past_insights_${name}_snapshot_idx`)} ON ${sql.id(`past_insights_${name}`)} (project_id, snapshot)`.execute(db);
  }
  // The events of a project's items in log order, so what a past read folds after a snapshot is found by the events
  // since it, not by scanning the log from it.
  await sql`
    CREATE INDEX events_item_project_log_order ON events ((data->>'projectId'), tx_id, global_position) INCLUDE (stream_id)
    WHERE stream_id LIKE 'item-%'`.execute(db);
  // A past statistics page as made once, kept so the same page reads again at normal speed; made again at will.
  await sql`
    CREATE UNLOGGED TABLE past_statistics_pages (
      project_id uuid NOT NULL,
      cut text NOT NULL,
      range text NOT NULL,
      page jsonb NOT NULL,
      built_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, cut, range)
    )`.execute(db);
  await sql`
    TRUNCATE past_item_snapshots, past_item_snapshot_rows, past_item_snapshot_counts;
    DELETE FROM projection_checkpoints WHERE projection = 'past-item-snapshots';
    -- A snapshot keeps every row (it is full: full_at is its own position) or only the rows changed since the one
    -- before; its rows are then the latest of each along the snapshots since the full one it names.
    ALTER TABLE past_item_snapshots ADD COLUMN full_at bigint NOT NULL, ADD COLUMN rows int NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of kept) await sql`DROP TABLE ${sql.id(`past_insights_${name}`)}`.execute(db);
  await sql`DROP TABLE past_statistics_pages, past_statistics_snapshots`.execute(db);
  await sql`ALTER TABLE past_item_snapshots DROP COLUMN full_at, DROP COLUMN rows`.execute(db);
  await sql`DROP INDEX events_item_project_log_order`.execute(db);
}
