// The other projects a management log row names besides its own (a clone's source, the set an auditor was given), so
// a reader limited to some projects also reads the events that name theirs among several.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE management_log ADD COLUMN project_ids uuid[];
    UPDATE management_log l SET project_ids = named.ids
      FROM (
        SELECT e.global_position,
               NULLIF(ARRAY(
                 SELECT DISTINCT p::uuid FROM (
                   SELECT e.data->>'clonedFrom' AS p
                   UNION ALL
                   SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(e.data->'projectIds') = 'array' THEN e.data->'projectIds' ELSE '[]'::jsonb END)
                 ) n
                 WHERE p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' AND p IS DISTINCT FROM e.data->>'projectId'
                 ORDER BY 1), '{}') AS ids
        FROM events e
        WHERE e.type IN ('ProjectDrafted', 'AuditorProjectsAssigned')
      ) named
      WHERE named.global_position = l.global_position AND named.ids IS NOT NULL;
    CREATE INDEX management_log_project_sets_idx ON management_log USING gin (project_ids) WHERE project_ids IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX management_log_project_sets_idx;
    ALTER TABLE management_log DROP COLUMN project_ids;
  `.execute(db);
}
