// Acceptance batches as their screens read them, and what making and deciding batches reads in the command's
// transaction: which finished items may go in a new batch, the next number, the locks that keep two commands apart.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Database, DATABASE, type Db, invalidCursor } from '@annot/core';
import {
  type AcceptanceBatchRow,
  type AcceptanceCandidate,
  type AcceptanceEligible,
  type AcceptanceItemRow,
  type AcceptanceProjectRow,
  type AcceptanceStatistics,
  type AcceptorItemRow,
  type Page,
  Role,
} from '@annot/workflows';

/** Whose batches a read covers: a named acceptor's own, or every batch for the staff. */
export type AcceptanceViewer = { acceptorId: string } | { all: true };

/** Batches still open: they hold their items until the PM's verdict or a withdrawal. */
const openStatuses = sql`('pending', 'accepting', 'submitted')`;

/** The batches a viewer sees, as a condition on `b`: those naming the acceptor, or all of them. */
const withViewer = (viewer: AcceptanceViewer): RawBuilder<boolean> =>
  'acceptorId' in viewer ? sql<boolean>`${viewer.acceptorId}::uuid = ANY(b.acceptor_ids)` : sql<boolean>`true`;

/** Where an item stands in acceptance: its latest batch that was not withdrawn says (held by an open one, or its outcome). */
const withAcceptance = (item: RawBuilder<unknown>) => sql<string>`COALESCE((
  SELECT CASE WHEN b.status IN ${openStatuses} THEN 'in_batch' ELSE a.outcome END
  FROM acceptance_items a JOIN acceptance_batches b ON b.batch_id = a.batch_id
  WHERE a.item_id = ${item} AND b.status <> 'withdrawn'
  ORDER BY b.sequence DESC LIMIT 1), 'not_accepted')`;

/**
 * A data item `d` that a sampling task holds back: in the scope of a task still at work (open, back for rework, or held
 * for the PM). A passed task lets its scope through, and so does the PM's decision on a held one: accepted as it is, or
 * its failed items returned, which then pass the work loop's inspection again like any rework. A batch task screens
 * its data batch; a link task what finished on its link from `since` to before `until`.
 */
const heldBySampling = sql<boolean>`EXISTS (
  SELECT 1 FROM sampling_tasks t
  WHERE t.project_id = d.project_id
    AND t.status NOT IN ('passed', 'decided')
    AND ((t.scope_kind = 'batch' AND t.batch_id = d.batch_id)
      OR (t.scope_kind = 'link' AND t.link_id = d.link_id AND d.finished_at >= COALESCE(t.since, '-infinity') AND d.finished_at < t.until)))`;

/** One batch as every list shows it, acceptors and claimer by name. */
const batchRow = sql`
  b.batch_id AS "batchId", b.project_id AS "projectId", b.sequence, b.status,
  b.item_count AS "itemCount", b.judged_count AS "judgedCount", b.passed_count AS "passedCount", b.rejected_count AS "rejectedCount",
  (SELECT COALESCE(json_agg(json_build_object('id', a.account_id, 'name', a.name) ORDER BY u.n), '[]'::json)
     FROM unnest(b.acceptor_ids) WITH ORDINALITY AS u(id, n) JOIN accounts a ON a.account_id = u.id) AS acceptors,
  (SELECT json_build_object('id', a.account_id, 'name', a.name) FROM accounts a WHERE a.account_id = b.claimer_id) AS claimer,
  to_char(b.claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "claimedAt",
  to_char(b.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "submittedAt",
  b.cost_seconds AS "costSeconds",
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  to_char(b.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "decidedAt",
  b.version::text AS version`;

/** The acceptor area's items page is ordered by batch number and place in the batch. */
const encodeItemCursor = (sequence: number, position: number) => Buffer.from(`${sequence}:${position}`).toString('base64url');
function decodeItemCursor(cursor: string | undefined): [number, number] | null {
  if (!cursor) return null;
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw invalidCursor();
  return [Number(match[1]), Number(match[2])];
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

@Injectable()
export class AcceptanceRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Making a project's batches one command at a time, so no item goes in two batches and their numbers follow on. */
  async lockProject(db: Kysely<Database>, projectId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`acceptance:${projectId}`}, 0))`.execute(db);
  }

  /**
   * Holds the batch's row until the transaction ends, so two acceptors claiming at once take turns: the second reads
   * the batch the first claimed. Answers the batch's project, or undefined when there is no such batch.
   */
  async lockBatch(db: Kysely<Database>, batchId: string): Promise<string | undefined> {
    const row = await db.selectFrom('acceptance_batches').select('project_id').where('batch_id', '=', batchId).forUpdate().executeTakeFirst();
    return row?.project_id;
  }

  async nextSequence(db: Kysely<Database>, projectId: string): Promise<number> {
    const row = await db.selectFrom('acceptance_batches').select((eb) => eb.fn.max('sequence').as('last')).where('project_id', '=', projectId).executeTakeFirst();
    return (row?.last ?? 0) + 1;
  }

  /**
   * The project's finished items (of these data batches, or all) that no sampling task holds back, each with where it
   * stands in acceptance, in the order they arrived: what the PM's split chooses from.
   */
  async candidates(db: Kysely<Database>, projectId: string, dataBatchIds: string[]): Promise<AcceptanceCandidate[]> {
    const inBatches = dataBatchIds.length > 0 ? sql`AND d.batch_id = ANY(${dataBatchIds}::uuid[])` : sql``;
    const { rows } = await sql<AcceptanceCandidate>`
      SELECT d.item_id AS "itemId", d.result_version AS "resultVersion", ${withAcceptance(sql`d.item_id`)} AS acceptance
      FROM items d
      WHERE d.project_id = ${projectId}::uuid AND d.status = 'finished' ${inBatches}
        AND NOT ${heldBySampling}
      ORDER BY d.created_at, d.batch_id, d.seq`.execute(db);
    return rows;
  }

  /** How many items may go in a new batch now, by data batch. */
  async eligible(projectId: string, reacceptPassed: boolean): Promise<AcceptanceEligible> {
    const { rows } = await sql<{ batchId: string; batchName: string; count: number }>`
      SELECT d.batch_id AS "batchId", min(bt.name) AS "batchName", count(*)::int AS count
      FROM items d JOIN batches bt ON bt.batch_id = d.batch_id
      CROSS JOIN LATERAL (SELECT ${withAcceptance(sql`d.item_id`)} AS acceptance) s
      WHERE d.project_id = ${projectId}::uuid AND d.status = 'finished'
        AND s.acceptance NOT IN ('in_batch', 'rejected') AND (s.acceptance <> 'passed' OR ${reacceptPassed}::boolean)
        AND NOT ${heldBySampling}
      GROUP BY d.batch_id
      ORDER BY min(bt.created_at), d.batch_id`.execute(this.db);
    return { count: rows.reduce((sum, r) => sum + r.count, 0), byBatch: rows };
  }

  /** The data batches of a project among these ids. */
  async dataBatchesOf(projectId: string, batchIds: string[]): Promise<string[]> {
    if (batchIds.length === 0) return [];
    const rows = await this.db.selectFrom('batches').select('batch_id').where('project_id', '=', projectId).where('batch_id', 'in', batchIds).where('status', '<>', 'deleted').execute();
    return rows.map((r) => r.batch_id);
  }

  /** Which of these accounts are active client acceptors. */
  async activeAcceptors(accountIds: string[]): Promise<string[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.db.selectFrom('accounts').select('account_id').where('account_id', 'in', accountIds).where('role', '=', Role.Client).where('status', '=', 'active').execute();
    return rows.map((r) => r.account_id);
  }

  /** Items of the project as the work loop's rows name them, for returning them to their annotation link. */
  async poolItems(db: Kysely<Database>, itemIds: string[]): Promise<{ itemId: string; projectId: string; linkId: string | null; status: string }[]> {
    if (itemIds.length === 0) return [];
    return db
      .selectFrom('items')
      .select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId', 'status'])
      .where('item_id', 'in', itemIds)
      .orderBy('item_id')
      .execute();
  }

  async batch(batchId: string): Promise<(AcceptanceBatchRow & { acceptorIds: string[] }) | undefined> {
    const { rows } = await sql<AcceptanceBatchRow & { acceptorIds: string[] }>`
      SELECT ${batchRow}, b.acceptor_ids::text[] AS "acceptorIds" FROM acceptance_batches b WHERE b.batch_id = ${batchId}::uuid`.execute(this.db);
    return rows[0];
  }

  /** A project's batches the viewer sees, by number. */
  async batches(projectId: string, viewer: AcceptanceViewer): Promise<AcceptanceBatchRow[]> {
    const { rows } = await sql<AcceptanceBatchRow>`
      SELECT ${batchRow} FROM acceptance_batches b
      WHERE b.project_id = ${projectId}::uuid AND ${withViewer(viewer)}
      ORDER BY b.sequence`.execute(this.db);
    return rows;
  }

  /** A batch's items in their place, with the current verdicts and the PM's outcome. */
  async items(batchId: string): Promise<AcceptanceItemRow[]> {
    const { rows } = await sql<AcceptanceItemRow>`
      SELECT a.item_id AS "itemId", d.file_name AS "fileName", a.result_version AS "resultVersion", a.verdict, a.marks,
        to_char(a.judged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "judgedAt", a.outcome
      FROM acceptance_items a JOIN items d ON d.item_id = a.item_id
      WHERE a.batch_id = ${batchId}::uuid
      ORDER BY a.position`.execute(this.db);
    return rows;
  }

  /** Whether the viewer has a batch in the project: an acceptor's acceptance projects are those. */
  async seesProject(projectId: string, viewer: AcceptanceViewer): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM acceptance_batches b WHERE b.project_id = ${projectId}::uuid AND ${withViewer(viewer)} LIMIT 1`.execute(this.db);
    return rows.length > 0;
  }

  /** The viewer's acceptance projects with their batches counted by status; withdrawn batches count for nothing. */
  async projects(viewer: AcceptanceViewer): Promise<AcceptanceProjectRow[]> {
    const { rows } = await sql<AcceptanceProjectRow>`
      SELECT b.project_id AS "projectId", p.title AS "projectName",
        (count(*) FILTER (WHERE b.status <> 'withdrawn'))::int AS batches,
        (count(*) FILTER (WHERE b.status = 'pending'))::int AS pending,
        (count(*) FILTER (WHERE b.status = 'accepting'))::int AS accepting,
        (count(*) FILTER (WHERE b.status = 'submitted'))::int AS submitted,
        (count(*) FILTER (WHERE b.status = 'passed'))::int AS passed,
        (count(*) FILTER (WHERE b.status = 'rejected'))::int AS rejected
      FROM acceptance_batches b JOIN projects p ON p.project_id = b.project_id
      WHERE ${withViewer(viewer)}
      GROUP BY b.project_id, p.title
      ORDER BY max(b.created_at) DESC, b.project_id`.execute(this.db);
    return rows;
  }

  /** Every item of the viewer's batches in a project (withdrawn batches left out), a page at a time. */
  async projectItems(projectId: string, viewer: AcceptanceViewer, filter: { status?: 'unjudged' | 'pass' | 'reject'; cursor?: string; limit: number }): Promise<Page<AcceptorItemRow>> {
    const after = decodeItemCursor(filter.cursor);
    const status = filter.status === undefined ? sql`` : filter.status === 'unjudged' ? sql`AND a.verdict IS NULL` : sql`AND a.verdict = ${filter.status}`;
    const page = after ? sql`AND (b.sequence, a.position) > (${after[0]}::int, ${after[1]}::int)` : sql``;
    const { rows } = await sql<AcceptorItemRow & { position: number }>`
      SELECT a.item_id AS "itemId", d.file_name AS "fileName", a.batch_id AS "batchId", b.sequence, a.verdict, a.outcome,
        to_char(a.judged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "judgedAt", a.position
      FROM acceptance_batches b JOIN acceptance_items a ON a.batch_id = b.batch_id JOIN items d ON d.item_id = a.item_id
      WHERE b.project_id = ${projectId}::uuid AND b.status <> 'withdrawn' AND ${withViewer(viewer)} ${status} ${page}
      ORDER BY b.sequence, a.position
      LIMIT ${filter.limit + 1}`.execute(this.db);
    const items = rows.slice(0, filter.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(({ position: _, ...item }) => item),
      nextCursor: rows.length > filter.limit ? encodeItemCursor(last.sequence, last.position) : null,
    };
  }

  /** Progress, pass rate and time per item over the viewer's batches in a project (withdrawn ones left out). */
  async statistics(projectId: string, viewer: AcceptanceViewer): Promise<AcceptanceStatistics> {
    const { rows: byBatch } = await sql<AcceptanceStatistics['byBatch'][number]>`
      SELECT b.batch_id AS "batchId", b.sequence, b.status, b.item_count AS "itemCount", b.judged_count AS "judgedCount",
        b.passed_count AS "passedCount", b.rejected_count AS "rejectedCount", b.cost_seconds AS "costSeconds"
      FROM acceptance_batches b
      WHERE b.project_id = ${projectId}::uuid AND b.status <> 'withdrawn' AND ${withViewer(viewer)}
      ORDER BY b.sequence`.execute(this.db);
    const { rows: byDay } = await sql<AcceptanceStatistics['byDay'][number]>`
      SELECT to_char(a.judged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS judged,
        (count(*) FILTER (WHERE a.verdict = 'pass'))::int AS passed, (count(*) FILTER (WHERE a.verdict = 'reject'))::int AS rejected
      FROM acceptance_batches b JOIN acceptance_items a ON a.batch_id = b.batch_id
      WHERE b.project_id = ${projectId}::uuid AND b.status <> 'withdrawn' AND ${withViewer(viewer)} AND a.judged_at IS NOT NULL
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    const sum = (pick: (b: AcceptanceStatistics['byBatch'][number]) => number) => byBatch.reduce((total, b) => total + pick(b), 0);
    const submitted = byBatch.filter((b) => b.costSeconds !== null);
    const judgedCount = sum((b) => b.judgedCount);
    const passedCount = sum((b) => b.passedCount);
    return {
      itemCount: sum((b) => b.itemCount),
      judgedCount,
      passedCount,
      rejectedCount: sum((b) => b.rejectedCount),
      passRate: ratio(passedCount, judgedCount),
      secondsPerItem: ratio(
        submitted.reduce((total, b) => total + (b.costSeconds ?? 0), 0),
        submitted.reduce((total, b) => total + b.itemCount, 0),
      ),
      byBatch,
      byDay,
    };
  }
}
