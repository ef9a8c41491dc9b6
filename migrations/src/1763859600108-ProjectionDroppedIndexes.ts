// The indexes a projection's runner dropped for a rebuild from the first event, written in the transaction that drops
// them and deleted in the one that builds them again, so a runner that stops midway (or another replica) builds them
// once caught up. A table of its own, not a column of the checkpoint: a reset that deletes the checkpoint midway
// must not lose them.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projection_dropped_indexes (
      projection  text PRIMARY KEY,
      -- As pg_get_indexdef gives them.
      definitions text[] NOT NULL,
      dropped_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE projection_dropped_indexes`.execute(db);
}
