// Snapshots of a project's items at every N-th event of its items and imports in log order: the rows a moment's cut
// holds, so a past read copies the nearest one inside PostgreSQL and folds only the items touched after it.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A snapshot holds every event of the project's items and imports up to (tx_id, global_position) in log order;
    -- the last of them by position and by time say which moments hold it whole.
    CREATE TABLE past_item_snapshots (
      project_id uuid NOT NULL,
      global_position bigint NOT NULL,
      tx_id xid8 NOT NULL,
      last_position bigint NOT NULL,
      last_recorded_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, global_position)
    );
    CREATE TABLE past_item_snapshot_rows (
      project_id uuid NOT NULL,
      snapshot bigint NOT NULL,
      item_id uuid NOT NULL,
      link_id uuid,
      status text NOT NULL,
      claimer_id uuid,
      effective boolean NOT NULL,
      rework boolean NOT NULL,
      result_version int NOT NULL,
      object_count int NOT NULL,
      PRIMARY KEY (project_id, snapshot, item_id)
    );
    -- A project's events since its last snapshot.
    CREATE TABLE past_item_snapshot_counts (
      project_id uuid PRIMARY KEY,
      events int NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE past_item_snapshot_counts, past_item_snapshot_rows, past_item_snapshots`.execute(db);
}
