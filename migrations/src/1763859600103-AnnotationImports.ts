// Annotation imports: an upload of annotations for a batch, read by a worker from storage; where it stands, how far it
// has got, and once done what it wrote and what it said of the lines (by message key, said in the reader's language).
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE annotation_imports (
      import_id     uuid PRIMARY KEY,
      batch_id      uuid NOT NULL,
      project_id    uuid NOT NULL,
      format        text NOT NULL,
      mode          text NOT NULL,
      file_name     text NOT NULL,
      bytes         bigint NOT NULL,
      status        text NOT NULL,
      progress      integer NOT NULL,
      requested_by  text NOT NULL,
      requested_at  timestamptz NOT NULL,
      finished_at   timestamptz,
      items         integer NOT NULL,
      objects       integer NOT NULL,
      refused       integer NOT NULL,
      warned        integer NOT NULL,
      lines         jsonb,
      reason_key    text,
      reason_params jsonb,
      version       bigint NOT NULL,
      state         jsonb
    )`.execute(db);
  await sql`CREATE INDEX annotation_imports_batch_idx ON annotation_imports (batch_id, requested_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE annotation_imports`.execute(db);
}
