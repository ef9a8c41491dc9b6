// Projections read the log by event type: an index in log order per type lets one of a few types skip the rest.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX events_type_log_order ON events (type, tx_id, global_position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_type_log_order`.execute(db);
}
