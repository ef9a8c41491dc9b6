// Two items of a batch may hold the same bytes under different names (data sets ship such files): the checksum
// index stays for finding them, no longer unique.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX data_items_batch_checksum_idx`.execute(db);
  await sql`CREATE INDEX data_items_batch_checksum_idx ON data_items (batch_id, checksum)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX data_items_batch_checksum_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX data_items_batch_checksum_idx ON data_items (batch_id, checksum)`.execute(db);
}
