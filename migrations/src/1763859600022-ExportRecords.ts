// Export records: every export a PM asked for, with its scope, format, naming and destination, where it stands,
// and once written its volume, time taken and location; the export page lists them newest first.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE export_records (
      export_id     uuid PRIMARY KEY,
      project_id    uuid NOT NULL,
      format        text NOT NULL,
      scope         jsonb NOT NULL,
      with_media    boolean NOT NULL,
      naming        text NOT NULL,
      file_name     text NOT NULL,
      destination   jsonb NOT NULL,
      status        text NOT NULL,
      requested_by  uuid NOT NULL,
      requested_at  timestamptz NOT NULL,
      started_at    timestamptz,
      -- A worker's starts: more than one means a crash was recovered from by starting again.
      attempts      integer NOT NULL,
      finished_at   timestamptz,
      took_ms       integer,
      items         integer NOT NULL,
      objects       integer NOT NULL,
      bytes         bigint NOT NULL,
      location      text,
      expires_at    timestamptz,
      reason_key    text,
      reason_params jsonb,
      version       bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX export_records_project_idx ON export_records (project_id, requested_at DESC, export_id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE export_records`.execute(db);
}
