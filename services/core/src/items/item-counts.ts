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

/** A change of one count, as a moving statement sums it. */
type Delta = Place & { items: number };

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

  async write(db: Kysely<Database>): Promise<void> {
    const deltas = [...this.deltas.values()].filter((d) => d.items !== 0);
    this.deltas.clear();
    if (deltas.length === 0) return;
    const source = sql`SELECT "projectId", "linkId", status, "teamId", "groupId", stripe, items FROM jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb)
      AS d("projectId" uuid, "linkId" uuid, status text, "teamId" uuid, "groupId" uuid, stripe smallint, items bigint)`;
    const { rows } = await sql<EmptyCount>`WITH ${upsertCounts(source)} SELECT * FROM counted WHERE empty`.execute(db);
    await dropEmpty(db, rows);
  }
}

type EmptyCount = Place & { stripe: number };

/**
 * `counted`: the counts' rows changed by `source` (project, link, status, team, group, stripe, items), in key order,
 * so two transactions that change the same counts take their rows' locks in the same order; answers which are at zero.
 */
const upsertCounts = (source: RawBuilder<unknown>) => sql`counted AS (
    INSERT INTO item_counts AS c (project_id, link_id, status, team_id, group_id, stripe, items)
    SELECT * FROM (${source}) s ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (project_id, link_id, status, team_id, group_id, stripe) DO UPDATE SET items = c.items + excluded.items
    RETURNING project_id AS "projectId", link_id AS "linkId", status, team_id AS "teamId", group_id AS "groupId", stripe, items = 0 AS empty)`;

/** A count at zero goes, so the table holds the same rows however the changes were grouped (live or in a replay). */
async function dropEmpty(db: Kysely<Database>, empty: EmptyCount[]): Promise<void> {
  if (empty.length === 0) return;
  await sql`
    DELETE FROM item_counts c
    USING jsonb_to_recordset(${JSON.stringify(empty)}::jsonb) AS e("projectId" uuid, "linkId" uuid, status text, "teamId" uuid, "groupId" uuid, stripe smallint)
    WHERE (c.project_id, c.link_id, c.status, c.team_id, c.group_id, c.stripe) = (e."projectId", e."linkId", e.status, e."teamId", e."groupId", e.stripe)
      AND c.items = 0`.execute(db);
}

/** Column assignments of an item row; a raw value (`sql`...``) is written as it is, anything else as a parameter. */
export type ItemAssignments = Record<string, unknown>;

const assignments = (set: ItemAssignments) => sql.join(Object.entries(set).map(([column, value]) => sql`${sql.id(column)} = ${value}`));

/**
 * Updates the item rows `where` selects (over `items d`, joined with `from` where given) and tells `counts` what
 * moved, in `stripe`, in one statement: the rows are locked and read as they were before the update changes them, so
 * what moved is exact even when another transaction changed them just before. With `writeCounts` (a command whose
 * apply moves nothing else, such as a claim), the statement writes the counts itself instead, saving a round trip.
 */
export async function moveItems(
  db: Kysely<Database>,
  counts: ItemCounts,
  stripe: number,
  where: RawBuilder<unknown>,
  set: ItemAssignments,
  from?: { source: RawBuilder<unknown>; on: RawBuilder<unknown> },
  writeCounts = false,
): Promise<void> {
  // Each row moved takes one from where it was and adds one where it is; a row that stayed adds nothing.
  const moved = sql`
    WITH was AS (
      SELECT d.item_id AS was_item, d.project_id AS was_project, d.link_id AS was_link, d.status AS was_status, d.team_id AS was_team, d.group_id AS was_group
      FROM items d WHERE ${where} ORDER BY d.item_id FOR UPDATE
    ), moved AS (
      UPDATE items d SET ${assignments(set)}
      FROM was ${from ? sql`, ${from.source}` : sql``}
      WHERE d.item_id = was.was_item ${from ? sql`AND ${from.on}` : sql``}
      RETURNING was.was_project, was.was_link, was.was_status, was.was_team, was.was_group, d.link_id, d.status, d.team_id, d.group_id
    ), deltas AS (
      SELECT s."projectId", s."linkId", s.status, coalesce(s."teamId", ${nil}::uuid) AS "teamId", coalesce(s."groupId", ${nil}::uuid) AS "groupId", sum(s.items)::int AS items
      FROM moved m CROSS JOIN LATERAL (VALUES (m.was_project, m.was_link, m.was_status, m.was_team, m.was_group, -1), (m.was_project, m.link_id, m.status, m.team_id, m.group_id, 1))
        AS s("projectId", "linkId", status, "teamId", "groupId", items)
      WHERE s."linkId" IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(s.items) <> 0
    )`;
  if (writeCounts) {
    const source = sql`SELECT "projectId", "linkId", status, "teamId", "groupId", ${stripe}::smallint, items FROM deltas`;
    const { rows } = await sql<EmptyCount>`${moved}, ${upsertCounts(source)} SELECT * FROM counted WHERE empty`.execute(db);
    return dropEmpty(db, rows);
  }
  const { rows } = await sql<Delta>`${moved} SELECT * FROM deltas`.execute(db);
  for (const { items, ...place } of rows) counts.add(place, items, stripe);
}
