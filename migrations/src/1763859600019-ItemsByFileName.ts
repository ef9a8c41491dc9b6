// The PM's CSV for rework names items by data ID or by file name: the file name is found within its project by index,
// not by reading every item of the project.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX data_items_file_name_idx ON data_items (project_id, file_name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX data_items_file_name_idx`.execute(db);
}
