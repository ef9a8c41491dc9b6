// The message center: messages derived from the events that concern a person, read or unread, and who follows
// which subject (a project's PM, a batch's acceptor) so a later event reaches them.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE messages (
      message_id    uuid PRIMARY KEY,
      account_id    uuid NOT NULL,
      kind          text NOT NULL,
      project_id    uuid,
      subject_type  text NOT NULL,
      subject_id    text NOT NULL,
      params        jsonb NOT NULL,
      created_at    timestamptz NOT NULL,
      read_at       timestamptz
    )`.execute(db);
  await sql`CREATE INDEX messages_by_account ON messages (account_id, created_at DESC, message_id DESC)`.execute(db);
  await sql`CREATE INDEX messages_unread ON messages (account_id) WHERE read_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE message_followers (
      subject_id  text NOT NULL,
      account_id  uuid NOT NULL,
      role        text NOT NULL,
      PRIMARY KEY (subject_id, role, account_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE message_followers`.execute(db);
  await sql`DROP TABLE messages`.execute(db);
}
