// Catalog: annotation rules, their versions and citations, and the stored files (rule PDFs).
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE annotation_rules (
      rule_id        uuid PRIMARY KEY,
      name           text NOT NULL,
      config_id      text NOT NULL,
      latest_version integer NOT NULL DEFAULT 0,
      status         text NOT NULL,
      updated_at     timestamptz NOT NULL,
      version        bigint NOT NULL
    );
    CREATE UNIQUE INDEX annotation_rules_name_idx ON annotation_rules (lower(name)) WHERE status = 'active';

    CREATE TABLE annotation_rule_versions (
      rule_id      uuid NOT NULL,
      rule_version integer NOT NULL,
      kind         text NOT NULL,
      html         text,
      file_id      uuid,
      file_name    text,
      size         integer,
      note         text NOT NULL,
      created_at   timestamptz NOT NULL,
      PRIMARY KEY (rule_id, rule_version)
    );

    -- Which project cites which version of a rule; written by the projects context.
    CREATE TABLE annotation_rule_citations (
      rule_id      uuid NOT NULL,
      rule_version integer NOT NULL,
      project_id   uuid NOT NULL,
      PRIMARY KEY (rule_id, project_id)
    );

    -- Uploaded content, addressed by id and checked by its SHA-256, which the events record.
    CREATE TABLE files (
      file_id    uuid PRIMARY KEY,
      name       text NOT NULL,
      media_type text NOT NULL,
      size       integer NOT NULL,
      sha256     text NOT NULL,
      content    bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE files, annotation_rule_citations, annotation_rule_versions, annotation_rules`.execute(db);
}
