// A link's pool shared among its teams and a team's part among its groups: each waiting item may belong to a team's
// share (and a group's within it), and the items each share has seen through its link are counted.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE data_items ADD COLUMN team_id uuid, ADD COLUMN group_id uuid`.execute(db);
  // A claim reads its group's share, then its team's, then the open pool, each in claim order.
  await sql`CREATE INDEX data_items_share_claim_idx ON data_items (link_id, team_id, group_id, priority DESC, created_at, seq) WHERE status = 'waiting'`.execute(db);
  await sql`
    CREATE TABLE share_progress (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      team_id    uuid NOT NULL,
      -- The team's own part, outside its groups, is the nil group.
      group_id   uuid NOT NULL,
      done       integer NOT NULL DEFAULT 0,
      PRIMARY KEY (link_id, team_id, group_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE share_progress`.execute(db);
  await sql`DROP INDEX data_items_share_claim_idx`.execute(db);
  await sql`ALTER TABLE data_items DROP COLUMN team_id, DROP COLUMN group_id`.execute(db);
}
