// Projects (inline projections): the list with its filters, the pipeline's links, and the people of each link.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projects (
      project_id      uuid PRIMARY KEY,
      title           text NOT NULL,
      status          text NOT NULL,
      type            text NOT NULL,
      annotation_type text NOT NULL,
      start_date      date NOT NULL,
      end_date        date NOT NULL,
      creator_id      text NOT NULL,
      basics          jsonb NOT NULL,
      tools           jsonb,
      rules           jsonb,
      missing         text[] NOT NULL,
      cloned_from     uuid,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         bigint NOT NULL
    );
    -- The lists: newest first within a status, keyset on (created_at, project_id).
    CREATE INDEX projects_status_idx ON projects (status, created_at DESC, project_id DESC);
    CREATE INDEX projects_created_idx ON projects (created_at DESC, project_id DESC);

    CREATE TABLE project_links (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      position   integer NOT NULL,
      type       text NOT NULL,
      name       text NOT NULL,
      PRIMARY KEY (project_id, link_id)
    );
    CREATE UNIQUE INDEX project_links_link_idx ON project_links (link_id);

    -- kind: team (a supplier team on the link), tagger (chosen by the PM), group-tagger (in a supplier's group).
    CREATE TABLE project_members (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      kind       text NOT NULL,
      member_id  uuid NOT NULL,
      group_id   uuid,
      group_name text,
      team_id    uuid
    );
    CREATE INDEX project_members_project_idx ON project_members (project_id, link_id);
    CREATE INDEX project_members_member_idx ON project_members (member_id, project_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_members, project_links, projects`.execute(db);
}
