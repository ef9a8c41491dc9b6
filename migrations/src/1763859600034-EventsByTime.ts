// Finding where the log stood at a time (a webhook replayed from a moment) without reading the whole log: a block
// range index, a few pages for a log of any length, which appends keep up almost for free since times only grow.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX events_recorded_at_brin ON events USING brin (recorded_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_recorded_at_brin`.execute(db);
}
