// The only Kysely of the insights context: it reads the statistics projection's tables (never the item tables), and
// the names of people, teams and tools for display. Buckets are UTC; the reader's zone and granularity apply here.
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { AppError, DATABASE, type Db } from '@annot/core';
import { type StatisticsRange, type WorkCounts, workCounters } from '@annot/workflows';

export interface InsightsProject {
  id: string;
  title: string;
  status: string;
  unitPrice: number;
  links: { id: string; name: string; type: 'annotation' | 'inspection' }[];
}

/** Whose rows to read: everyone's, one person's, or the people of one team. */
export type Who = { all: true } | { personId: string } | { teamId: string };

export interface PlaceCount {
  projectId: string;
  batchId: string | null;
  linkId: string | null;
  place: string;
  items: number;
}

type Counted<T> = T & WorkCounts;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The counters summed. Verdicts are counted on the work they judged (rows at annotation links), so an inspection is
 * not counted twice, once for the inspector and once for the annotator; `inspectionLinks` names the others.
 */
function sums(inspectionLinks: string[]): RawBuilder<unknown>[] {
  return workCounters.map((c) => {
    const column = sql.ref(`w.${snake(c)}`);
    const judged = c === 'passed' || c === 'rejected';
    const total = judged ? sql`sum(${column}) FILTER (WHERE NOT (w.link_id = ANY(${inspectionLinks}::uuid[])))` : sql`sum(${column})`;
    return sql`COALESCE(${total}, 0)::float8 AS ${sql.id(c)}`;
  });
}

@Injectable()
export class StatisticsRepository {
  /** Zones PostgreSQL has already accepted, so the check costs a round trip once per zone. */
  private readonly knownZones = new Set<string>(['UTC']);

  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Intl and PostgreSQL ship their own zone databases; a name only one of them knows is the caller's mistake. */
  async assertZone(tz: string): Promise<void> {
    if (this.knownZones.has(tz)) return;
    try {
      await sql`SELECT now() AT TIME ZONE ${tz}`.execute(this.db);
      this.knownZones.add(tz);
    } catch {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'tz', messageKey: 'insights.time_zone_invalid' }]);
    }
  }

  async projects(ids: string[] | 'ongoing'): Promise<InsightsProject[]> {
    let query = this.db.selectFrom('insights_projects').select(['project_id', 'title', 'status', 'unit_price', 'links']);
    query = ids === 'ongoing' ? query.where('status', 'in', ['in_progress', 'paused', 'reopened']) : query.where('project_id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
    const rows = await query.orderBy('title').orderBy('project_id').limit(200).execute();
    return rows.map((r) => ({ id: r.project_id, title: r.title, status: r.status, unitPrice: Number(r.unit_price), links: r.links }));
  }

  /** Counters per period of the reader's calendar, oldest first. */
  async series(projectIds: string[], who: Who, range: StatisticsRange, inspectionLinks: string[]): Promise<Counted<{ period: string }>[]> {
    const local = sql`date_trunc(${range.granularity}, w.bucket AT TIME ZONE ${range.tz})`;
    const { rows } = await sql<Counted<{ period: string }>>`
      SELECT to_char(${local}, 'YYYY-MM-DD') AS period, ${sql.join(sums(inspectionLinks))}
      FROM insights_work w
      WHERE ${this.where(projectIds, who, range)}
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    return rows;
  }

  /** Counters per person and link (and the team the work was done in). */
  async people(projectId: string, who: Who, range: StatisticsRange): Promise<Counted<{ personId: string; teamId: string | null; linkId: string }>[]> {
    const { rows } = await sql<Counted<{ personId: string; teamId: string | null; linkId: string }>>`
      SELECT w.person_id AS "personId", w.team_id AS "teamId", w.link_id AS "linkId", ${sql.join(sums([]))}
      FROM insights_work w WHERE ${this.where([projectId], who, range)}
      GROUP BY w.person_id, w.team_id, w.link_id ORDER BY w.person_id, w.link_id`.execute(this.db);
    return rows;
  }

  async teams(projectId: string, who: Who, range: StatisticsRange): Promise<Counted<{ teamId: string; linkId: string }>[]> {
    const { rows } = await sql<Counted<{ teamId: string; linkId: string }>>`
      SELECT w.team_id AS "teamId", w.link_id AS "linkId", ${sql.join(sums([]))}
      FROM insights_work w WHERE ${this.where([projectId], who, range)} AND w.team_id IS NOT NULL
      GROUP BY w.team_id, w.link_id ORDER BY w.team_id, w.link_id`.execute(this.db);
    return rows;
  }

  /** Counters per project over the range, for the dashboard's cards. */
  async perProject(projectIds: string[], range: StatisticsRange, inspectionLinks: string[]): Promise<Counted<{ projectId: string }>[]> {
    const { rows } = await sql<Counted<{ projectId: string }>>`
      SELECT w.project_id AS "projectId", ${sql.join(sums(inspectionLinks))}
      FROM insights_work w WHERE ${this.where(projectIds, { all: true }, range)}
      GROUP BY w.project_id`.execute(this.db);
    return rows;
  }

  async classes(projectId: string, who: Who, range: StatisticsRange): Promise<{ className: string; objects: number }[]> {
    const { rows } = await sql<{ className: string; objects: number }>`
      SELECT w.class_name AS "className", sum(w.objects)::int AS objects
      FROM insights_objects w WHERE ${this.where([projectId], who, range)}
      GROUP BY w.class_name HAVING sum(w.objects) <> 0 ORDER BY sum(w.objects) DESC, w.class_name LIMIT 100`.execute(this.db);
    return rows;
  }

  /** Where the items are, by project, batch, link and place; deleted batches have left every pool. */
  async places(projectIds: string[], byBatch: boolean): Promise<PlaceCount[]> {
    if (projectIds.length === 0) return [];
    const batch = byBatch ? sql`p.batch_id` : sql`NULL::uuid`;
    const { rows } = await sql<PlaceCount>`
      SELECT p.project_id AS "projectId", ${batch} AS "batchId", p.link_id AS "linkId", p.place, sum(p.items)::int AS items
      FROM insights_positions p LEFT JOIN insights_batches b ON b.batch_id = p.batch_id
      WHERE p.project_id = ANY(${projectIds}::uuid[]) AND b.deleted IS NOT TRUE
      GROUP BY p.project_id, ${batch}, p.link_id, p.place HAVING sum(p.items) <> 0`.execute(this.db);
    return rows;
  }

  async batches(projectId: string): Promise<{ batchId: string; name: string; items: number }[]> {
    return this.db
      .selectFrom('insights_batches')
      .select(['batch_id as batchId', 'name', 'items'])
      .where('project_id', '=', projectId)
      .where('deleted', '=', false)
      .orderBy('name')
      .orderBy('batch_id')
      .limit(500)
      .execute();
  }

  async samplingRounds(projectId: string, range: StatisticsRange): Promise<{ taskId: string; round: number; judged: number; passed: number; closedAt: string }[]> {
    const { rows } = await sql<{ taskId: string; round: number; judged: number; passed: number; closedAt: string }>`
      SELECT task_id AS "taskId", round, judged, passed, to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "closedAt"
      FROM insights_sampling_rounds
      WHERE project_id = ${projectId} AND closed_at >= ${start(range)} AND closed_at < ${end(range)}
      ORDER BY closed_at, task_id, round LIMIT 500`.execute(this.db);
    return rows;
  }

  async acceptanceBatches(projectId: string): Promise<{ batchId: string; sequence: number; items: number; passed: number; rejected: number; status: string }[]> {
    return this.db
      .selectFrom('insights_acceptance')
      .select(['batch_id as batchId', 'sequence', 'items', 'passed', 'rejected', 'status'])
      .where('project_id', '=', projectId)
      .where('status', '<>', 'withdrawn')
      .orderBy('sequence')
      .limit(500)
      .execute();
  }

  async names(personIds: string[], teamIds: string[], classNames: string[]): Promise<{ people: Map<string, string>; teams: Map<string, string>; tools: Map<string, string> }> {
    const toolIds = classNames.filter((c) => c.startsWith('tool:')).map((c) => c.slice(5));
    const [people, teams, tools] = await Promise.all([
      personIds.length > 0 ? this.db.selectFrom('accounts').select(['account_id as id', 'name']).where('account_id', 'in', personIds).execute() : [],
      teamIds.length > 0 ? this.db.selectFrom('teams').select(['team_id as id', 'name']).where('team_id', 'in', teamIds).execute() : [],
      toolIds.length > 0 ? this.db.selectFrom('tools').select(['tool_id as id', 'name']).where('tool_id', 'in', toolIds).execute() : [],
    ]);
    const map = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
    return { people: map(people), teams: map(teams), tools: map(tools) };
  }

  private where(projectIds: string[], who: Who, range: StatisticsRange): RawBuilder<unknown> {
    const scope = 'personId' in who ? sql`AND w.person_id = ${who.personId}` : 'teamId' in who ? sql`AND w.team_id = ${who.teamId}` : sql``;
    return sql`w.project_id = ANY(${projectIds}::uuid[]) AND w.bucket >= ${start(range)} AND w.bucket < ${end(range)} ${scope}`;
  }
}

/** The first instant of the range's first local day, and the first one after its last. */
const start = (range: StatisticsRange) => sql`(${range.from}::date::timestamp AT TIME ZONE ${range.tz})`;
const end = (range: StatisticsRange) => sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.tz})`;
