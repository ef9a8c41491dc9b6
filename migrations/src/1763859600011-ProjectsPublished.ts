// Whether a project has ever been published: a closed project that never ran is not reopened, and the lists say so.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE projects ADD COLUMN published boolean NOT NULL DEFAULT false`.execute(db);
  // Projects published before this column existed, read from their streams so the table matches a replay.
  await sql`
    UPDATE projects p SET published = true
    WHERE EXISTS (SELECT 1 FROM events e WHERE e.stream_id = 'project-' || p.project_id::text AND e.type = 'ProjectPublished')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE projects DROP COLUMN published`.execute(db);
}
