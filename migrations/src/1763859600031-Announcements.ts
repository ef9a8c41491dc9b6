// Announcements as the management table and the readers' notice lists read them; the scope is kept whole for the
// form and split into columns so a reader's notices are filtered in SQL.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE announcements (
      announcement_id   uuid PRIMARY KEY,
      title             text NOT NULL,
      content           text NOT NULL,
      scope             jsonb NOT NULL,
      everyone          boolean NOT NULL,
      scope_roles       text[] NOT NULL,
      scope_team_ids    uuid[] NOT NULL,
      scope_account_ids uuid[] NOT NULL,
      status            text NOT NULL,
      publish_at        timestamptz,
      published_at      timestamptz,
      created_by        text NOT NULL,
      created_at        timestamptz NOT NULL,
      updated_at        timestamptz NOT NULL,
      version           bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX announcements_list_idx ON announcements (created_at DESC, announcement_id DESC)`.execute(db);
  await sql`CREATE INDEX announcements_status_idx ON announcements (status, created_at DESC, announcement_id DESC)`.execute(db);
  await sql`CREATE INDEX announcements_published_idx ON announcements (published_at DESC, announcement_id DESC) WHERE status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announcements`.execute(db);
}
