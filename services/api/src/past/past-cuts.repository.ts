// A project's items as folded at a moment, kept under the moment's key so the list as of that moment pages through
// indexed rows instead of folding the log again; a moment's fold is kept a day, and a project's last eight at most.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, type LogCut, writePastItems } from '@annot/core';
import { type ItemStatus, orderedItemCounts, type PastItemCount, type PastItemRow, type PastItemsQuery } from '@annot/workflows';

/** The moments a project's folds are kept for at once, the one being made included. */
const keptPerProject = 8;

export interface PastCut {
  items: number;
  counts: PastItemCount[];
  tookMs: number;
}

@Injectable()
export class PastCutsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * The position of the last event written: what "now" is cut at, so it names one moment for every page. Not the
   * settled horizon: a worker's open transaction holds that back, and now must show what the reader just did; an
   * event of a transaction still running below it is the rare one a kept fold of "now" misses.
   */
  async lastPosition(): Promise<bigint> {
    const { rows } = await sql<{ position: string | null }>`SELECT max(global_position)::text AS position FROM events`.execute(this.db);
    return BigInt(rows[0]?.position ?? 0);
  }

  async find(projectId: string, cut: string): Promise<PastCut | undefined> {
    const row = await this.db.selectFrom('past_item_cuts').select(['items', 'counts', 'took_ms']).where('project_id', '=', projectId).where('cut', '=', cut).executeTakeFirst();
    return row && { items: row.items, counts: row.counts as unknown as PastItemCount[], tookMs: row.took_ms };
  }

  /**
   * Makes and keeps a moment's rows once, from the nearest snapshot (or the first event) by the live fold: readers of
   * the same moment at the same time (the past project page asks for its counts and its list together) wait for the
   * first one's rows instead of making them again beside it.
   */
  async keepOnce(projectId: string, cut: string, logCut: LogCut): Promise<PastCut> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`past:${projectId}:${cut}`}))`.execute(trx);
      const kept = await trx.selectFrom('past_item_cuts').select(['items', 'counts', 'took_ms']).where('project_id', '=', projectId).where('cut', '=', cut).executeTakeFirst();
      if (kept) return { items: kept.items, counts: kept.counts as unknown as PastItemCount[], tookMs: kept.took_ms };
      const started = performance.now();
      // A fold is kept a day, and a project keeps its last few: every read of "now" after a change is a new moment.
      await sql`
        WITH old AS (
          DELETE FROM past_item_cuts c
          WHERE c.built_at < now() - interval '1 day'
             OR (c.project_id = ${projectId}::uuid AND c.cut NOT IN (
                  SELECT k.cut FROM past_item_cuts k WHERE k.project_id = ${projectId}::uuid ORDER BY k.built_at DESC LIMIT ${keptPerProject - 1}))
          RETURNING c.project_id, c.cut)
        DELETE FROM past_item_states s USING old WHERE s.project_id = old.project_id AND s.cut = old.cut`.execute(trx);
      const { items, chunks } = await writePastItems(trx, projectId, logCut, { table: 'past_item_states', cut });
      // Counted over the rows as written, each count with its first item's place among those the imports registered
      // (its chunk's turn in the log, then its place in the chunk), which orders the links as the live fold meets them.
      const { rows } = await sql<{ linkId: string | null; status: ItemStatus; count: number; first: string }>`
        SELECT s.link_id AS "linkId", s.status, count(*)::int AS count, min((c.turn << 32) + (d.seq - c.first_seq))::text AS first
        FROM past_item_states s JOIN items d ON d.item_id = s.item_id
        JOIN unnest(${chunks.map((c) => c.batchId)}::uuid[], ${chunks.map((c) => c.firstSeq)}::int[], ${chunks.map((c) => c.count)}::int[]) WITH ORDINALITY AS c(batch_id, first_seq, n, turn)
          ON c.batch_id = d.batch_id AND d.seq >= c.first_seq AND d.seq < c.first_seq + c.n
        WHERE s.project_id = ${projectId}::uuid AND s.cut = ${cut}
        GROUP BY s.link_id, s.status`.execute(trx);
      const counts = orderedItemCounts(rows.map((r) => ({ ...r, first: BigInt(r.first) })));
      const made = { items, counts, tookMs: Math.round(performance.now() - started) };
      await trx.insertInto('past_item_cuts').values({ project_id: projectId, cut, items: made.items, counts: JSON.stringify(made.counts), took_ms: made.tookMs }).execute();
      return made;
    });
  }

  /** A page of the kept fold in item order, one more than asked to tell whether another page follows. */
  async page(projectId: string, cut: string, query: Pick<PastItemsQuery, 'linkId' | 'status' | 'cursor' | 'limit'>): Promise<PastItemRow[]> {
    const filter = [
      query.linkId ? sql`AND s.link_id = ${query.linkId}::uuid` : sql``,
      query.status ? sql`AND s.status = ${query.status}` : sql``,
      query.cursor ? sql`AND s.item_id > ${query.cursor}::uuid` : sql``,
    ];
    const { rows } = await sql<PastItemRow>`
      SELECT s.item_id AS "itemId", d.batch_id AS "batchId", d.file_name AS "fileName", s.link_id AS "linkId", s.status,
             s.claimer_id AS "claimerId", s.effective, s.rework, s.result_version AS "resultVersion", s.object_count AS "objectCount"
      FROM past_item_states s JOIN items d ON d.item_id = s.item_id
      WHERE s.project_id = ${projectId}::uuid AND s.cut = ${cut} ${sql.join(filter, sql` `)}
      ORDER BY s.item_id LIMIT ${query.limit + 1}`.execute(this.db);
    return rows;
  }
}
