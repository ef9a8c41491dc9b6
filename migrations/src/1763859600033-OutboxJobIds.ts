// Each outbox row names its job with an id of its own: the row numbers start again in a database made anew, and a
// queue that still remembers the old database's jobs by number would take a new job for one it already ran.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN job_id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN job_id`.execute(db);
}
