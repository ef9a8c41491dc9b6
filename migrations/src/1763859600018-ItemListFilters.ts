// The PM's item list filters by team share, rework and invalidity: each picks a few items out of a large project, so
// each has a partial index in the list's keyset order instead of a scan of the whole project. A tagger's rework and a
// supplier's sight find the items that wait for a person by that person.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX data_items_team_list_idx ON data_items (project_id, team_id, item_id) WHERE team_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX data_items_rework_list_idx ON data_items (project_id, item_id) WHERE rework`.execute(db);
  await sql`CREATE INDEX data_items_invalid_list_idx ON data_items (project_id, item_id) WHERE NOT effective`.execute(db);
  await sql`CREATE INDEX data_items_rework_claimer_idx ON data_items (preferred_claimer_id, project_id) WHERE preferred_claimer_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX data_items_team_list_idx, data_items_rework_list_idx, data_items_invalid_list_idx, data_items_rework_claimer_idx`.execute(db);
}
