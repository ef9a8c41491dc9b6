// An export record carries the log position it was made at: the global position of its last start, from which its
// worker read the items. An auditor finds that event's ledger entry and checks the archive against the log there.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE export_records ADD COLUMN started_position bigint`.execute(db);
  await sql`
    UPDATE export_records r SET started_position = s.position
    FROM (SELECT stream_id, max(global_position) AS position FROM events WHERE type = 'ExportStarted' GROUP BY stream_id) s
    WHERE s.stream_id = 'export-' || r.export_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE export_records DROP COLUMN started_position`.execute(db);
}
