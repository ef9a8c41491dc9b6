// A lifecycle's current state on its projection row, folded by the projection as events are written, so reads and
// access checks take it from one row instead of folding the stream. Filled from the log after migrating (the fold is
// the application's own code, which a migration may not import).
import { Kysely, sql } from 'kysely';

/** The rows of the lifecycles that reads, access checks or jobs decide on. */
const stateTables = ['projects', 'batches', 'export_records', 'webhooks', 'announcements', 'algorithms', 'algorithm_calls'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of stateTables) await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN state jsonb`.execute(db);
  // Which versions of the project's annotation rule a person opened, and when: what their rule notice shows.
  await sql`
    CREATE TABLE rule_readings (
      project_id uuid NOT NULL,
      account_id uuid NOT NULL,
      state      jsonb NOT NULL,
      version    bigint NOT NULL,
      PRIMARY KEY (project_id, account_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rule_readings`.execute(db);
  for (const table of stateTables) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN state`.execute(db);
}
