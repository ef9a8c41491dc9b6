// Appends no longer notify `written` from inside their transaction: a NOTIFY takes a lock on the whole database at
// commit, so concurrent appends committed one at a time. The event store notifies after its commits instead, from a
// connection of its own, at most once every few milliseconds.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER outbox_written ON outbox;
    DROP TRIGGER events_written ON events;
    DROP FUNCTION notify_written();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('written', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
    CREATE TRIGGER events_written AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_written();
    CREATE TRIGGER outbox_written AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION notify_written();
  `.execute(db);
}
