// Catalog: import/export data rules and their versions.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE data_rules (
      rule_id        uuid PRIMARY KEY,
      name           text NOT NULL,
      description    text NOT NULL,
      latest_version integer NOT NULL DEFAULT 0,
      status         text NOT NULL,
      updated_at     timestamptz NOT NULL,
      version        bigint NOT NULL
    );
    CREATE UNIQUE INDEX data_rules_name_idx ON data_rules (lower(name)) WHERE status = 'active';

    CREATE TABLE data_rule_versions (
      rule_id      uuid NOT NULL,
      rule_version integer NOT NULL,
      document     jsonb NOT NULL,
      note         text NOT NULL,
      created_at   timestamptz NOT NULL,
      PRIMARY KEY (rule_id, rule_version)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE data_rule_versions, data_rules`.execute(db);
}
