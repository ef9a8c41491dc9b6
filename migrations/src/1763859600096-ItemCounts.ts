// How many items of a project stand in each link, state and share of the link's pool, kept by the statements that move
// the items, so the counts screens read a few rows instead of counting the project's items; filled here from the items
// already there.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE item_counts (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      status     text NOT NULL,
      -- The team share and its group the items are in; the nil uuid for none, as share_progress keys a team's own part.
      team_id    uuid NOT NULL,
      group_id   uuid NOT NULL,
      -- A count is the sum of its stripes: each person adds to one (0 to 15), so people who claim at once seldom share a row.
      stripe     smallint NOT NULL DEFAULT 0,
      -- Never zero: a stripe that falls to zero is deleted, so a replay and the live table hold the same rows. A
      -- stripe may be below zero (one person claimed the items, another released them).
      items      bigint NOT NULL,
      PRIMARY KEY (project_id, link_id, status, team_id, group_id, stripe)
    );
    INSERT INTO item_counts (project_id, link_id, status, team_id, group_id, items)
    SELECT project_id, link_id, status, COALESCE(team_id, '00000000-0000-0000-0000-000000000000'), COALESCE(group_id, '00000000-0000-0000-0000-000000000000'), count(*)
    FROM data_items WHERE link_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE item_counts`.execute(db);
}
