// How many items of a project stand in each link and state: the statements that move item rows report what moved,
// and the projection adds it to item_counts once per apply, so the counts screens read a few rows, not the project.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database/database.types';

/** A count's key and how much it changes. */
interface CountDelta {
  projectId: string;
  linkId: string;
  status: string;
  items: number;
}

/** Rows a moving statement changed, from one link and state to another; a link of null counts nowhere. */
interface Moved {
  projectId: string;
  wasLink: string | null;
  wasStatus: string;
  linkId: string | null;
  status: string;
  items: number;
}

/**
 * The changes of one projection's apply, summed by key. They are written in one statement, in key order, so two
 * transactions that change the same counts take their rows' locks in the same order and never wait on each other
 * in a circle; each change is added in the database (`items + excluded.items`), so no update is lost between them.
 */
export class ItemCounts {
  private readonly deltas = new Map<string, CountDelta>();

  add(projectId: string, linkId: string | null, status: string, items: number): void {
    if (!linkId || items === 0) return;
    const key = `${projectId}/${linkId}/${status}`;
    const delta = this.deltas.get(key);
    if (delta) delta.items += items;
    else this.deltas.set(key, { projectId, linkId, status, items });
  }

  moved(rows: readonly Moved[]): void {
    for (const row of rows) {
      if (row.wasLink === row.linkId && row.wasStatus === row.status) continue;
      this.add(row.projectId, row.wasLink, row.wasStatus, -row.items);
      this.add(row.projectId, row.linkId, row.status, row.items);
    }
  }

  async write(db: Kysely<Database>): Promise<void> {
    const deltas = [...this.deltas.values()].filter((d) => d.items !== 0);
    this.deltas.clear();
    if (deltas.length === 0) return;
    const { rows } = await sql<{ projectId: string; linkId: string; status: string; empty: boolean }>`
      INSERT INTO item_counts AS c (project_id, link_id, status, items)
      SELECT "projectId", "linkId", status, items FROM jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb)
        AS d("projectId" uuid, "linkId" uuid, status text, items bigint)
      ORDER BY 1, 2, 3
      ON CONFLICT (project_id, link_id, status) DO UPDATE SET items = c.items + excluded.items
      RETURNING project_id AS "projectId", link_id AS "linkId", status, items = 0 AS empty`.execute(db);
    const empty = rows.filter((r) => r.empty);
    // A count at zero goes, so the table holds the same rows however the changes were grouped (live or in a replay).
    if (empty.length > 0) {
      await sql`
        DELETE FROM item_counts c USING jsonb_to_recordset(${JSON.stringify(empty)}::jsonb) AS e("projectId" uuid, "linkId" uuid, status text)
        WHERE c.project_id = e."projectId" AND c.link_id = e."linkId" AND c.status = e.status AND c.items = 0`.execute(db);
    }
  }
}

/** Column assignments of an item row; a raw value (`sql`...``) is written as it is, anything else as a parameter. */
export type ItemAssignments = Record<string, unknown>;

const assignments = (set: ItemAssignments) => sql.join(Object.entries(set).map(([column, value]) => sql`${sql.id(column)} = ${value}`));

/**
 * Updates the item rows `where` selects (over `data_items d`, joined with `from` where given) and tells `counts` what
 * moved, in one statement: the rows are locked and read as they were before the update changes them, so what moved
 * is exact even when another transaction changed them just before.
 */
export async function moveItems(
  db: Kysely<Database>,
  counts: ItemCounts,
  where: RawBuilder<unknown>,
  set: ItemAssignments,
  from?: { source: RawBuilder<unknown>; on: RawBuilder<unknown> },
): Promise<void> {
  const { rows } = await sql<Moved>`
    WITH was AS (
      SELECT d.item_id AS was_item, d.project_id AS was_project, d.link_id AS was_link, d.status AS was_status
      FROM data_items d WHERE ${where} ORDER BY d.item_id FOR UPDATE
    ), moved AS (
      UPDATE data_items d SET ${assignments(set)}
      FROM was ${from ? sql`, ${from.source}` : sql``}
      WHERE d.item_id = was.was_item ${from ? sql`AND ${from.on}` : sql``}
      RETURNING was.was_project, was.was_link, was.was_status, d.link_id, d.status
    )
    SELECT was_project AS "projectId", was_link AS "wasLink", was_status AS "wasStatus", link_id AS "linkId", status, count(*)::int AS items
    FROM moved GROUP BY 1, 2, 3, 4, 5`.execute(db);
  counts.moved(rows);
}
