// How many items of a project stand in each link and state, kept by the statements that move the items, so the
// counts screens read a few rows instead of counting the project's items; filled here from the items already there.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE item_counts (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      status     text NOT NULL,
      -- Never zero: a count that falls to zero is deleted, so a replay and the live table hold the same rows.
      items      bigint NOT NULL,
      PRIMARY KEY (project_id, link_id, status)
    );
    INSERT INTO item_counts (project_id, link_id, status, items)
    SELECT project_id, link_id, status, count(*) FROM data_items WHERE link_id IS NOT NULL GROUP BY project_id, link_id, status;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE item_counts`.execute(db);
}
