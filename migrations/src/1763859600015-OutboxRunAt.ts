// An outbox row may name when its job should run (a claim's auto-recycle timer), so the delay survives until dispatch.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN run_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN run_at`.execute(db);
}
