// Catalog: error property groups with their values, and invalid-image reasons.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE error_groups (
      group_id    uuid PRIMARY KEY,
      name        text NOT NULL,
      description text NOT NULL,
      "values"    jsonb NOT NULL,
      status      text NOT NULL,
      updated_at  timestamptz NOT NULL,
      version     bigint NOT NULL
    );
    CREATE UNIQUE INDEX error_groups_name_idx ON error_groups (lower(name)) WHERE status = 'active';

    CREATE TABLE invalid_reasons (
      reason_id   uuid PRIMARY KEY,
      code        text NOT NULL,
      name        text NOT NULL,
      description text NOT NULL,
      status      text NOT NULL,
      updated_at  timestamptz NOT NULL,
      version     bigint NOT NULL
    );
    CREATE UNIQUE INDEX invalid_reasons_code_idx ON invalid_reasons (lower(code)) WHERE status = 'active';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE invalid_reasons, error_groups`.execute(db);
}
