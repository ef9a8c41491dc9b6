// Which items of a project changed between two kept folds of it: where they stood or which result version they held,
// narrowed by link, batch, the person who sent an event of theirs in between, and a change after acceptance.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';
import type { ClassCount } from '@annot/workflows';

/** A moment read against the log: the last event it includes and when that event was recorded. */
export interface LogMark {
  position: bigint;
  at: string | null;
}

export interface DiffFilter {
  linkId?: string;
  personId?: string;
  batchId?: string;
  afterAcceptance: boolean;
}

export interface ChangedItemRow {
  itemId: string;
  batchId: string;
  fileName: string;
}

@Injectable()
export class ProjectDiffRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** The last event at or before a position or a time. */
  async place(moment: { position: bigint } | { at: string }): Promise<LogMark> {
    const until = 'position' in moment ? sql`global_position <= ${moment.position.toString()}::bigint` : sql`recorded_at <= ${moment.at}::timestamptz`;
    const { rows } = await sql<{ position: string | null; at: string | null }>`
      SELECT global_position::text AS position, recorded_at::text AS at FROM events WHERE ${until}
      ORDER BY global_position DESC LIMIT 1`.execute(this.db);
    return { position: BigInt(rows[0]?.position ?? 0), at: rows[0]?.at ?? null };
  }

  /** A page of the changed items in item order, one more than asked, and how many changed over every page. */
  async changed(
    projectId: string,
    cuts: { earlier: string; later: string },
    places: { earlier: LogMark; later: LogMark },
    filter: DiffFilter,
    page: { cursor?: string; limit: number },
  ): Promise<{ rows: ChangedItemRow[]; totals: { items: number; moved: number; results: number; classes: ClassCount[] } }> {
    const conditions = [
      filter.linkId ? sql`AND (a.link_id = ${filter.linkId}::uuid OR b.link_id = ${filter.linkId}::uuid)` : sql``,
      filter.batchId ? sql`AND d.batch_id = ${filter.batchId}::uuid` : sql``,
      filter.personId
        ? sql`AND EXISTS (SELECT 1 FROM events e WHERE e.stream_id = 'item-' || d.item_id::text
                AND e.global_position > ${places.earlier.position.toString()}::bigint AND e.global_position <= ${places.later.position.toString()}::bigint
                AND e.metadata->>'actorId' = ${filter.personId})`
        : sql``,
      // An acceptor passed a version older than the later one, before the later moment.
      filter.afterAcceptance
        ? sql`AND EXISTS (SELECT 1 FROM acceptance_items ai WHERE ai.item_id = d.item_id AND ai.verdict = 'pass'
                AND ai.result_version < b.result_version AND ai.judged_at <= ${places.later.at ?? '-infinity'}::timestamptz)`
        : sql``,
    ];
    const changed = sql`
      FROM (SELECT * FROM past_item_states WHERE project_id = ${projectId}::uuid AND cut = ${cuts.earlier}) a
      FULL JOIN (SELECT * FROM past_item_states WHERE project_id = ${projectId}::uuid AND cut = ${cuts.later}) b ON b.item_id = a.item_id
      JOIN items d ON d.item_id = COALESCE(b.item_id, a.item_id)
      WHERE (a.item_id IS NULL OR b.item_id IS NULL OR a.status IS DISTINCT FROM b.status OR a.link_id IS DISTINCT FROM b.link_id
             OR a.result_version IS DISTINCT FROM b.result_version)
        ${sql.join(conditions, sql` `)}`;
    const { rows } = await sql<ChangedItemRow>`
      SELECT d.item_id AS "itemId", d.batch_id AS "batchId", d.file_name AS "fileName" ${changed}
        ${page.cursor ? sql`AND d.item_id > ${page.cursor}::uuid` : sql``}
      ORDER BY d.item_id LIMIT ${page.limit + 1}`.execute(this.db);
    const { rows: counted } = await sql<{ items: number; moved: number; results: number }>`
      SELECT count(*)::int AS items,
             count(*) FILTER (WHERE a.status IS DISTINCT FROM b.status OR a.link_id IS DISTINCT FROM b.link_id)::int AS moved,
             count(*) FILTER (WHERE a.result_version IS DISTINCT FROM b.result_version)::int AS results
      ${changed}`.execute(this.db);
    // Each changed item's objects in the result version it held at either end, as the item's stream saved it.
    const { rows: classes } = await sql<ClassCount>`
      WITH changed AS (SELECT d.item_id, a.result_version AS earlier, b.result_version AS later ${changed}),
      ends AS (
        SELECT c.item_id, c.earlier AS version, 1 AS before, 0 AS after FROM changed c WHERE c.earlier > 0
        UNION ALL
        SELECT c.item_id, c.later, 0, 1 FROM changed c WHERE c.later > 0),
      objects AS (
        SELECT o->>'toolId' AS tool_id, o->>'className' AS class_name, ends.before, ends.after
        FROM ends
        CROSS JOIN LATERAL (
          SELECT e.data->'result'->'objects' AS objects FROM events e
          WHERE e.stream_id = 'item-' || ends.item_id::text AND e.type = 'ResultSaved' AND e.data->>'resultVersion' = ends.version::text
          ORDER BY e.global_position DESC LIMIT 1) saved
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(saved.objects) = 'array' THEN saved.objects ELSE '[]'::jsonb END) o)
      SELECT tool_id AS "toolId", class_name AS "className", sum(before)::int AS before, sum(after)::int AS after
      FROM objects GROUP BY tool_id, class_name HAVING sum(before) <> sum(after)
      ORDER BY tool_id, class_name NULLS FIRST`.execute(this.db);
    return { rows, totals: { ...(counted[0] ?? { items: 0, moved: 0, results: 0 }), classes } };
  }

  /** The oldest version an acceptor passed of each item, by the time given (none without one). */
  async passedVersions(itemIds: string[], until: string | null): Promise<Map<string, number>> {
    if (itemIds.length === 0 || !until) return new Map();
    const rows = await this.db
      .selectFrom('acceptance_items')
      .select(['item_id', sql<number>`min(result_version)`.as('version')])
      .where('item_id', 'in', itemIds)
      .where('verdict', '=', 'pass')
      .where('judged_at', '<=', sql<Date>`${until}::timestamptz`)
      .groupBy('item_id')
      .execute();
    return new Map(rows.map((r) => [r.item_id, Number(r.version)]));
  }
}
