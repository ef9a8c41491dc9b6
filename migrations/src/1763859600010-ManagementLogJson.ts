// The management log keeps each summary as json text: it is only ever read whole, and json is stored
// without the parse into jsonb that made the log's inserts, and so its rebuild, twice as slow.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE management_log ALTER COLUMN summary TYPE json USING summary::json`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE management_log ALTER COLUMN summary TYPE jsonb USING summary::jsonb`.execute(db);
}
