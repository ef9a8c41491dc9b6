// The projects an admin gave each auditor to read: the accounts projection keeps them, and project visibility reads them.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auditor_projects (
      auditor_id uuid NOT NULL,
      project_id uuid NOT NULL,
      PRIMARY KEY (auditor_id, project_id)
    );
    CREATE INDEX auditor_projects_project_idx ON auditor_projects (project_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auditor_projects`.execute(db);
}
