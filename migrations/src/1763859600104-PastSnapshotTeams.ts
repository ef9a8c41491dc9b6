// The people's teams kept in each snapshot of a project's statistics, under the project's id, so a past statistics
// read applies only the account events after its snapshot instead of every one since the first. The snapshots
// taken so far keep none: they are dropped and taken again, with the teams.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE past_insights_people (snapshot bigint NOT NULL, project_id uuid NOT NULL, LIKE insights_people INCLUDING DEFAULTS)`.execute(db);
  await sql`CREATE INDEX past_insights_people_snapshot_idx ON past_insights_people (project_id, snapshot)`.execute(db);
  // A new database makes the statistics snapshots after this migration, with nothing to drop; one that has them drops them here.
  await sql`
    DO $$ BEGIN
      IF to_regclass('past_statistics_snapshots') IS NOT NULL THEN
        TRUNCATE past_item_snapshots, past_item_snapshot_rows, past_item_snapshot_counts, past_statistics_snapshots, past_insights_projects,
          past_insights_batches, past_insights_items, past_insights_work, past_insights_objects, past_insights_positions,
          past_insights_sampling_rounds, past_insights_acceptance;
        DELETE FROM projection_checkpoints WHERE projection = 'past-item-snapshots';
      END IF;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE past_insights_people`.execute(db);
}
