// The first answer to each Idempotency-Key, so a retry gets it back whatever happened since; kept as json, not jsonb,
// so the retry reads the very text the first caller read.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotent_requests (
      request_key text PRIMARY KEY,
      fingerprint text NOT NULL,
      status      integer,
      body        json,
      etag        text,
      created_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX idempotent_requests_created_at ON idempotent_requests (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotent_requests`.execute(db);
}
