// Sampling tasks and their samples as the pages read them, and the finished items a draw takes its sample from: the
// only Kysely of the sampling context.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Database, DATABASE, type Db, iso } from '@annot/core';
import {
  type ErrorMark,
  type MySamplingTask,
  type SampleRule,
  type SampleScopeItem,
  type SampleVerdict,
  type SamplingAnnotatorView,
  type SamplingErrorView,
  type SamplingRound,
  type SamplingScope,
  type SamplingScopeInput,
  type SamplingStatus,
  type SamplingTaskRow,
  type SampleItemView,
  wilsonInterval,
} from '@annot/workflows';

/** What a command needs of a task before it loads the stream. */
export interface SamplingTaskRef {
  taskId: string;
  projectId: string;
  sequence: number;
}

/** A sample item with what the machine's guards read beside what the page shows. */
export interface SampleSlotView extends SampleItemView {
  annotatorId: string;
  claimerId: string | null;
}

/** Items a task screens: a batch's, or what a link finished in a window that starts at `since` and stops before `until`. */
const inScope = (scope: SamplingScope): RawBuilder<boolean> =>
  scope.kind === 'batch'
    ? sql`d.batch_id = ${scope.batchId}::uuid`
    : sql`d.link_id = ${scope.linkId}::uuid AND d.finished_at >= COALESCE(${scope.since}::timestamptz, '-infinity') AND d.finished_at < ${scope.until}::timestamptz`;

/** The same for a task's row `t`. */
const inItemScope = sql<boolean>`(
  (t.scope_kind = 'batch' AND d.batch_id = t.batch_id)
  OR (t.scope_kind = 'link' AND d.link_id = t.link_id AND d.finished_at >= COALESCE(t.since, '-infinity') AND d.finished_at < t.until))`;

/** Tasks still working on their scope: an item belongs to the earliest of them whose scope it is in. */
const active = sql`t.status NOT IN ('passed', 'decided')`;

/** The finished items of a scope not in an earlier task still at work (any such task when `before` is null). */
const screened = (projectId: string, scope: SamplingScope, before: number | null) => sql<boolean>`
  d.project_id = ${projectId}::uuid AND d.status = 'finished' AND d.annotator_id IS NOT NULL AND ${inScope(scope)}
  AND NOT EXISTS (
    SELECT 1 FROM sampling_tasks t
    WHERE t.project_id = d.project_id AND ${active} AND ${before === null ? sql`TRUE` : sql`t.sequence < ${before}::int`} AND ${inItemScope})`;

const nameOf = (id: RawBuilder<unknown>) => sql<string | null>`(SELECT name FROM accounts WHERE account_id = ${id}::uuid)`;
const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

interface ItemRowRecord {
  taskId: string;
  projectId: string;
  sequence: number;
  scopeKind: 'batch' | 'link';
  batchId: string | null;
  batchName: string | null;
  linkId: string | null;
  linkName: string | null;
  since: string | null;
  until: string | null;
  rule: SampleRule;
  passThreshold: number;
  status: Exclude<SamplingStatus, 'new'>;
  round: number;
  screeningCount: number;
  sampleCount: number;
  judgedCount: number;
  passedCount: number;
  rounds: SamplingRound[];
  createdBy: string;
  createdByName: string | null;
  createdAt: string;
  version: string;
}

function taskRowOf(r: ItemRowRecord): SamplingTaskRow {
  const scope: SamplingTaskRow['scope'] =
    r.scopeKind === 'batch'
      ? { kind: 'batch', batchId: r.batchId!, batchName: r.batchName ?? '' }
      : { kind: 'link', linkId: r.linkId!, linkName: r.linkName ?? '', since: r.since, until: r.until! };
  const rounds = r.rounds
    .filter((round) => round.judged !== null)
    .map(({ round, screeningCount, sampleSize, judged, passed, passRate }) => ({
      round,
      screeningCount,
      sampleSize,
      judged: judged!,
      passed: passed!,
      passRate: passRate!,
      interval: wilsonInterval(passed!, judged!),
    }));
  return {
    taskId: r.taskId,
    projectId: r.projectId,
    sequence: r.sequence,
    scope,
    rule: r.rule,
    passThreshold: r.passThreshold,
    status: r.status,
    round: r.round,
    screeningCount: r.screeningCount,
    sampleCount: r.sampleCount,
    judgedCount: r.judgedCount,
    passedCount: r.passedCount,
    rounds,
    createdBy: { id: r.createdBy, name: r.createdByName ?? '' },
    createdAt: r.createdAt,
    version: r.version,
  };
}

@Injectable()
export class SamplingRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async ref(taskId: string): Promise<SamplingTaskRef | undefined> {
    return this.db.selectFrom('sampling_tasks').select(['task_id as taskId', 'project_id as projectId', 'sequence']).where('task_id', '=', taskId).executeTakeFirst();
  }

  /** Where a task stands now, for answering a command that was repeated. */
  async progress(taskId: string): Promise<{ status: string; round: number }> {
    return this.db.selectFrom('sampling_tasks').select(['status', 'round']).where('task_id', '=', taskId).executeTakeFirstOrThrow();
  }

  /** A project's tasks, newest first. */
  async list(projectId: string): Promise<SamplingTaskRow[]> {
    return (await this.rows(sql`t.project_id = ${projectId}::uuid`)).map(taskRowOf);
  }

  async row(taskId: string): Promise<SamplingTaskRow | undefined> {
    const [row] = await this.rows(sql`t.task_id = ${taskId}::uuid`);
    return row && taskRowOf(row);
  }

  /** The current round's sample with its files, annotators and claims, in item order. */
  async sample(taskId: string, round: number): Promise<SampleSlotView[]> {
    const { rows } = await sql<Omit<SampleSlotView, 'annotator' | 'claimer'> & { annotatorName: string | null; claimerName: string | null }>`
      SELECT s.item_id AS "itemId", d.file_name AS "fileName", b.name AS "batchName", s.annotator_id AS "annotatorId", ${nameOf(sql`s.annotator_id`)} AS "annotatorName",
        s.result_version AS "resultVersion", s.claimer_id AS "claimerId", ${nameOf(sql`s.claimer_id`)} AS "claimerName", s.verdict, s.marks,
        ${iso<string | null>('s.judged_at')} AS "judgedAt"
      FROM sample_items s JOIN items d ON d.item_id = s.item_id JOIN batches b ON b.batch_id = d.batch_id
      WHERE s.task_id = ${taskId}::uuid AND s.round = ${round}::int
      ORDER BY s.item_id`.execute(this.db);
    return rows.map(({ annotatorName, claimerName, ...row }) => ({
      ...row,
      verdict: row.verdict as SampleVerdict | null,
      marks: row.marks as ErrorMark[],
      annotator: { id: row.annotatorId, name: annotatorName ?? '' },
      claimer: person(row.claimerId, claimerName),
    }));
  }

  /** Each annotator over every round: in scope as the latest draw counted them, and how their sampled items fared. */
  async annotators(taskId: string): Promise<SamplingAnnotatorView[]> {
    const { rows } = await sql<{ annotatorId: string; name: string | null; inScope: number; sampled: number; judged: number; passed: number }>`
      WITH strata AS (
        SELECT x->>'annotatorId' AS annotator_id, (x->>'inScope')::int AS in_scope
        FROM sampling_tasks t, jsonb_array_elements(t.rounds->-1->'strata') x WHERE t.task_id = ${taskId}::uuid
      ), sampled AS (
        SELECT annotator_id, count(*)::int AS sampled, count(verdict)::int AS judged, (count(*) FILTER (WHERE verdict = 'pass'))::int AS passed
        FROM sample_items WHERE task_id = ${taskId}::uuid GROUP BY annotator_id
      )
      SELECT COALESCE(st.annotator_id, sa.annotator_id) AS "annotatorId", ${nameOf(sql`COALESCE(st.annotator_id, sa.annotator_id)`)} AS name,
        COALESCE(st.in_scope, 0) AS "inScope", COALESCE(sa.sampled, 0) AS sampled, COALESCE(sa.judged, 0) AS judged, COALESCE(sa.passed, 0) AS passed
      FROM strata st FULL JOIN sampled sa ON sa.annotator_id = st.annotator_id
      ORDER BY 2, 1`.execute(this.db);
    return rows.map(({ annotatorId, name, inScope, sampled, judged, passed }) => ({
      annotator: { id: annotatorId, name: name ?? '' },
      inScope,
      sampled,
      judged,
      passed,
      passRate: judged > 0 ? passed / judged : null,
      interval: judged > 0 ? wilsonInterval(passed, judged) : null,
    }));
  }

  /** The marks of every round by error group and value, most frequent first, with the catalog's name of the group. */
  async errors(taskId: string): Promise<SamplingErrorView[]> {
    const { rows } = await sql<SamplingErrorView>`
      SELECT m->>'errorGroupId' AS "errorGroupId", g.name AS "groupName", m->>'value' AS value, count(*)::int AS count
      FROM sample_items s CROSS JOIN jsonb_array_elements(s.marks) m LEFT JOIN error_groups g ON g.group_id = (m->>'errorGroupId')::uuid
      WHERE s.task_id = ${taskId}::uuid
      GROUP BY 1, 2, 3
      ORDER BY 4 DESC, 2, 3`.execute(this.db);
    return rows;
  }

  /** Open tasks the person inspects: every one for a manager, else those of projects whose last link they are on. */
  async mine(personId: string, manager: boolean): Promise<MySamplingTask[]> {
    const onLastLink = sql`EXISTS (
      SELECT 1 FROM project_members m
      WHERE m.project_id = t.project_id AND m.member_id = ${personId}::uuid AND m.kind IN ('tagger', 'group-tagger')
        AND m.link_id = (SELECT l.link_id FROM project_links l WHERE l.project_id = t.project_id ORDER BY l.position DESC LIMIT 1))`;
    const { rows } = await sql<MySamplingTask>`
      SELECT t.task_id AS "taskId", t.project_id AS "projectId", p.title AS "projectName", t.round, t.sample_count AS "sampleCount", t.judged_count AS "judgedCount",
        (SELECT count(*)::int FROM sample_items s
          WHERE s.task_id = t.task_id AND s.round = t.round AND s.claimer_id IS NULL AND s.verdict IS NULL AND s.annotator_id <> ${personId}) AS unclaimed,
        ARRAY(SELECT s.item_id::text FROM sample_items s
          WHERE s.task_id = t.task_id AND s.round = t.round AND s.claimer_id = ${personId} AND s.verdict IS NULL ORDER BY s.item_id) AS mine
      FROM sampling_tasks t JOIN projects p ON p.project_id = t.project_id
      WHERE t.status = 'open' AND ${manager ? sql`TRUE` : onLastLink}
      ORDER BY t.created_at DESC, t.task_id`.execute(this.db);
    return rows;
  }

  /** Serializes the making and redrawing of a project's tasks, so two never take the same items or number. */
  async lockProject(db: Kysely<Database>, projectId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sampling:${projectId}`}, 0))`.execute(db);
  }

  async batchInProject(db: Kysely<Database>, projectId: string, batchId: string): Promise<boolean> {
    const row = await db.selectFrom('batches').select('batch_id').where('batch_id', '=', batchId).where('project_id', '=', projectId).executeTakeFirst();
    return row !== undefined;
  }

  /** Where a link's next window starts: the end of its previous task's, or null for its first. */
  async previousUntil(db: Kysely<Database>, linkId: string): Promise<string | null> {
    const { rows } = await sql<{ until: string | null }>`
      SELECT to_char(max(until) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until FROM sampling_tasks WHERE link_id = ${linkId}::uuid`.execute(db);
    return rows[0]?.until ?? null;
  }

  /**
   * Where a link's window ends now: before the start of any transaction still running, since an item finishing in
   * one carries its start as its finish time and is not visible yet; the next window takes it. To the millisecond,
   * as the event stores it.
   */
  async windowEnd(db: Kysely<Database>, since: string | null): Promise<string> {
    const { rows } = await sql<{ until: string }>`
      SELECT to_char(date_trunc('milliseconds', GREATEST(least(clock_timestamp(), min(xact_start)), ${since}::timestamptz)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS until
      FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`.execute(db);
    return rows[0].until;
  }

  /**
   * The finished items of a scope with who annotated them and the version that finished, leaving out items that
   * belong to an earlier task still at work (every such task when `before` is null: a task not yet made).
   */
  async scopeItems(db: Kysely<Database>, projectId: string, scope: SamplingScope, before: number | null): Promise<SampleScopeItem[]> {
    const { rows } = await sql<SampleScopeItem>`
      SELECT d.item_id AS "itemId", d.annotator_id AS "annotatorId", d.result_version AS "resultVersion"
      FROM items d WHERE ${screened(projectId, scope, before)}
      ORDER BY d.item_id`.execute(db);
    return rows;
  }

  /** How many items a task made now would screen, and how many people annotated them; a link's window ends now. */
  async preview(projectId: string, scope: SamplingScopeInput): Promise<{ items: number; annotators: number }> {
    const window = async (linkId: string): Promise<SamplingScope> => {
      const since = await this.previousUntil(this.db, linkId);
      return { kind: 'link', linkId, since, until: await this.windowEnd(this.db, since) };
    };
    const full = scope.kind === 'batch' ? scope : await window(scope.linkId);
    const { rows } = await sql<{ items: number; annotators: number }>`
      SELECT count(*)::int AS items, count(DISTINCT d.annotator_id)::int AS annotators FROM items d WHERE ${screened(projectId, full, null)}`.execute(this.db);
    return rows[0];
  }

  /** Which of these items are finished now, as the pool names them: only those can go back for rework. */
  async finished(db: Kysely<Database>, itemIds: string[]): Promise<{ itemId: string; projectId: string; linkId: string | null }[]> {
    if (itemIds.length === 0) return [];
    return db
      .selectFrom('items')
      .select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId'])
      .where('item_id', 'in', itemIds)
      .where('status', '=', 'finished')
      .orderBy('item_id')
      .execute();
  }

  private async rows(where: RawBuilder<unknown>): Promise<ItemRowRecord[]> {
    const { rows } = await sql<ItemRowRecord>`
      SELECT t.task_id AS "taskId", t.project_id AS "projectId", t.sequence, t.scope_kind AS "scopeKind", t.batch_id AS "batchId", b.name AS "batchName",
        t.link_id AS "linkId", l.name AS "linkName", ${iso<string | null>('t.since')} AS since, ${iso<string | null>('t.until')} AS until,
        t.rule, t.pass_threshold AS "passThreshold", t.status, t.round, t.screening_count AS "screeningCount", t.sample_count AS "sampleCount",
        t.judged_count AS "judgedCount", t.passed_count AS "passedCount", t.rounds, t.created_by AS "createdBy", ${nameOf(sql`t.created_by`)} AS "createdByName",
        ${iso('t.created_at')} AS "createdAt", t.version::text AS version
      FROM sampling_tasks t LEFT JOIN batches b ON b.batch_id = t.batch_id LEFT JOIN project_links l ON l.link_id = t.link_id
      WHERE ${where}
      ORDER BY t.sequence DESC`.execute(this.db);
    return rows;
  }
}
