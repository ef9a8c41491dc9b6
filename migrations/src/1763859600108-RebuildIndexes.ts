// Where a projection's runner keeps the indexes it dropped for a rebuild from the first event, beside its checkpoint
// and in the same transactions, so a runner that stops midway (or another replica) builds them again once caught up.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The definitions of the dropped indexes (as pg_get_indexdef gives them); null when every index is in place.
    ALTER TABLE projection_checkpoints ADD COLUMN rebuild_indexes text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE projection_checkpoints DROP COLUMN rebuild_indexes`.execute(db);
}
