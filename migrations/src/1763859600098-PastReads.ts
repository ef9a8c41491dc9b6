// What the past reads keep: the management log's rows by project (so a reader limited to some projects reads only
// theirs), and a project's items as folded at a moment, kept so the list as of that moment pages at normal speed.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE management_log ADD COLUMN project_id uuid;
    UPDATE management_log SET project_id = (summary->>'projectId')::uuid
      WHERE summary->>'projectId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    CREATE INDEX management_log_project_idx ON management_log (project_id, global_position DESC) WHERE project_id IS NOT NULL;

    CREATE UNLOGGED TABLE past_item_cuts (
      project_id uuid NOT NULL,
      cut text NOT NULL,
      items int NOT NULL,
      counts jsonb NOT NULL,
      took_ms int NOT NULL,
      built_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, cut)
    );
    CREATE UNLOGGED TABLE past_item_states (
      project_id uuid NOT NULL,
      cut text NOT NULL,
      item_id uuid NOT NULL,
      link_id uuid,
      status text NOT NULL,
      claimer_id uuid,
      effective boolean NOT NULL,
      rework boolean NOT NULL,
      result_version int NOT NULL,
      object_count int NOT NULL,
      -- Pages by item under any filter walk this key: a fold is written once and in key order, so one index keeps
      -- its writing fast, and a filter matching few items reads at most the moment's items.
      PRIMARY KEY (project_id, cut, item_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE past_item_states, past_item_cuts;
    DROP INDEX management_log_project_idx;
    ALTER TABLE management_log DROP COLUMN project_id;
  `.execute(db);
}
