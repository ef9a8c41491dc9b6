// A project's acceptance verdicts and closed sampling rounds, found in the management log without reading the rest
// of its events: the moments an auditor names by what happened then.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX management_log_landmarks_idx ON management_log (project_id, event_type, global_position DESC)
    WHERE event_type IN ('AcceptanceBatchPassed', 'AcceptanceBatchRejected', 'SamplingRoundClosed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX management_log_landmarks_idx`.execute(db);
}
