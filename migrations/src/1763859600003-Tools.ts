// Catalog tools: the current definition of each tool and every version a project may cite.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tools (
      tool_id        uuid PRIMARY KEY,
      name           text NOT NULL,
      template_type  text NOT NULL,
      tool_version   integer NOT NULL,
      definition     jsonb NOT NULL,
      status         text NOT NULL,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      version        bigint NOT NULL
    );
    CREATE UNIQUE INDEX tools_name_idx ON tools (lower(name)) WHERE status = 'active';
    CREATE INDEX tools_list_idx ON tools (updated_at DESC, tool_id DESC);

    CREATE TABLE tool_versions (
      tool_id      uuid NOT NULL,
      tool_version integer NOT NULL,
      definition   jsonb NOT NULL,
      created_at   timestamptz NOT NULL,
      PRIMARY KEY (tool_id, tool_version)
    );

    -- Which project cites which version of a tool; written by the projects context.
    CREATE TABLE tool_citations (
      tool_id      uuid NOT NULL,
      tool_version integer NOT NULL,
      project_id   uuid NOT NULL,
      PRIMARY KEY (tool_id, project_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE tool_citations, tool_versions, tools`.execute(db);
}
