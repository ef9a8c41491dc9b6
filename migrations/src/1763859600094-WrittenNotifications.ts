// Every statement that appends events or outbox rows notifies `written` when it commits (one notification per
// transaction and table), so the worker's projections and outbox dispatcher wake at once instead of polling the tables
// while nothing happens. Statement triggers also fire for COPY, so bulk imports wake them too.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER outbox_written ON outbox;
    DROP TRIGGER events_written ON events;
    DROP FUNCTION notify_written();
  `.execute(db);
}
