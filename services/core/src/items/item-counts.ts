// How many items of a project stand in each link, state and share of the link's pool: the statements that move item
// rows report what moved, and the projection adds it to item_counts once per apply, so the counts screens read a few
// rows instead of counting the project's items.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database/database.types';

/** No team's share, or a team's own part outside its groups: item_counts keys it by the nil uuid, as share_progress does. */
const nil = '00000000-0000-0000-0000-000000000000';

/** Stripes of each count: a count is the sum of its stripes' rows, and each person adds to one stripe. */
export const countStripes = 16;

/**
 * The stripe a person's changes go to, from its id alone (FNV-1a), so the live table and a replay stripe alike and
 * taggers who claim from one link at once mostly lock rows of their own; a stripe's row may be below zero.
 */
export function stripeOf(actorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < actorId.length; i++) hash = Math.imul(hash ^ actorId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % countStripes;
}

/** Where items stand, as item_counts keys them; a link of null counts nowhere (the items of a deleted batch). */
interface Place {
  projectId: string;
  linkId: string | null;
  status: string;
  teamId: string | null;
  groupId: string | null;
}

/** Rows a moving statement changed from one place to another, and how many. */
type Moved = { was: Place; now: Place; items: number };

/** A row of the moving statement's answer: where the rows were, where they are, and how many. */
interface MovedRow {
  projectId: string;
  wasLink: string | null;
  wasStatus: string;
  wasTeam: string | null;
  wasGroup: string | null;
  linkId: string | null;
  status: string;
  teamId: string | null;
  groupId: string | null;
  items: number;
}

const placeOf = (p: Place) => `${p.projectId}/${p.linkId}/${p.status}/${p.teamId ?? nil}/${p.groupId ?? nil}`;

/**
 * The changes of one projection's apply, summed by key. They are written in one statement, in key order, so two
 * transactions that change the same counts take their rows' locks in the same order and never wait on each other
 * in a circle; each change is added in the database (`items + excluded.items`), so no update is lost between them.
 */
export class ItemCounts {
  private readonly deltas = new Map<string, Place & { stripe: number; items: number }>();

  add(place: Place, items: number, stripe: number): void {
    if (!place.linkId || items === 0) return;
    const key = `${placeOf(place)}/${stripe}`;
    const delta = this.deltas.get(key);
    if (delta) delta.items += items;
    else this.deltas.set(key, { ...place, teamId: place.teamId ?? nil, groupId: place.groupId ?? nil, stripe, items });
  }

  moved(moves: readonly Moved[], stripe: number): void {
    for (const { was, now, items } of moves) {
      if (placeOf(was) === placeOf(now)) continue;
      this.add(was, -items, stripe);
      this.add(now, items, stripe);
    }
  }

  async write(db: Kysely<Database>): Promise<void> {
    const deltas = [...this.deltas.values()].filter((d) => d.items !== 0);
    this.deltas.clear();
    if (deltas.length === 0) return;
    const { rows } = await sql<Place & { stripe: number; empty: boolean }>`
      INSERT INTO item_counts AS c (project_id, link_id, status, team_id, group_id, stripe, items)
      SELECT "projectId", "linkId", status, "teamId", "groupId", stripe, items FROM jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb)
        AS d("projectId" uuid, "linkId" uuid, status text, "teamId" uuid, "groupId" uuid, stripe smallint, items bigint)
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (project_id, link_id, status, team_id, group_id, stripe) DO UPDATE SET items = c.items + excluded.items
      RETURNING project_id AS "projectId", link_id AS "linkId", status, team_id AS "teamId", group_id AS "groupId", stripe, items = 0 AS empty`.execute(db);
    const empty = rows.filter((r) => r.empty);
    // A count at zero goes, so the table holds the same rows however the changes were grouped (live or in a replay).
    if (empty.length > 0) {
      await sql`
        DELETE FROM item_counts c
        USING jsonb_to_recordset(${JSON.stringify(empty)}::jsonb) AS e("projectId" uuid, "linkId" uuid, status text, "teamId" uuid, "groupId" uuid, stripe smallint)
        WHERE (c.project_id, c.link_id, c.status, c.team_id, c.group_id, c.stripe) = (e."projectId", e."linkId", e.status, e."teamId", e."groupId", e.stripe)
          AND c.items = 0`.execute(db);
    }
  }
}

/** Column assignments of an item row; a raw value (`sql`...``) is written as it is, anything else as a parameter. */
export type ItemAssignments = Record<string, unknown>;

const assignments = (set: ItemAssignments) => sql.join(Object.entries(set).map(([column, value]) => sql`${sql.id(column)} = ${value}`));

/**
 * Updates the item rows `where` selects (over `items d`, joined with `from` where given) and tells `counts` what
 * moved, in `stripe`, in one statement: the rows are locked and read as they were before the update changes them, so
 * what moved is exact even when another transaction changed them just before.
 */
export async function moveItems(
  db: Kysely<Database>,
  counts: ItemCounts,
  stripe: number,
  where: RawBuilder<unknown>,
  set: ItemAssignments,
  from?: { source: RawBuilder<unknown>; on: RawBuilder<unknown> },
): Promise<void> {
  const { rows } = await sql<MovedRow>`
    WITH was AS (
      SELECT d.item_id AS was_item, d.project_id AS was_project, d.link_id AS was_link, d.status AS was_status, d.team_id AS was_team, d.group_id AS was_group
      FROM items d WHERE ${where} ORDER BY d.item_id FOR UPDATE
    ), moved AS (
      UPDATE items d SET ${assignments(set)}
      FROM was ${from ? sql`, ${from.source}` : sql``}
      WHERE d.item_id = was.was_item ${from ? sql`AND ${from.on}` : sql``}
      RETURNING was.was_project, was.was_link, was.was_status, was.was_team, was.was_group, d.link_id, d.status, d.team_id, d.group_id
    )
    SELECT was_project AS "projectId", was_link AS "wasLink", was_status AS "wasStatus", was_team AS "wasTeam", was_group AS "wasGroup",
           link_id AS "linkId", status, team_id AS "teamId", group_id AS "groupId", count(*)::int AS items
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);
  counts.moved(
    rows.map((r) => ({
      was: { projectId: r.projectId, linkId: r.wasLink, status: r.wasStatus, teamId: r.wasTeam, groupId: r.wasGroup },
      now: { projectId: r.projectId, linkId: r.linkId, status: r.status, teamId: r.teamId, groupId: r.groupId },
      items: r.items,
    })),
    stripe,
  );
}
