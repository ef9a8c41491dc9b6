// The only Kysely of the projects context: lists, counts, link tasks, catalog look-ups, names and memberships.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, decodeCursor, encodeCursor, exactIso, isoDate } from '@annot/core';
import { type ErrorGroupInput, type Page, type ProjectCounts, type ProjectListQuery, type ProjectRules, projectStatuses, type ProjectSummary } from '@annot/workflows';

export type ProjectErrorGroup = ErrorGroupInput & { id: string };

export const tabStatuses = {
  release: ['waiting_for_improvement', 'waiting_for_publish'],
  going: ['in_progress', 'paused', 'reopened'],
  finish: ['completed', 'closed'],
} as const;

/** Which projects a caller may see: every one, or those where it (or its team) is a member of a link. */
export type Visibility = { all: true } | { all: false; memberIds: string[] };

@Injectable()
export class ProjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private visible(visibility: Visibility) {
    let query = this.db.selectFrom('projects as p');
    if (!visibility.all) {
      const ids = visibility.memberIds;
      // An auditor is no member of any link: the projects the admin gave it are its own rows.
      query = query.where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('project_members as m').select('m.project_id').whereRef('m.project_id', '=', 'p.project_id').where('m.member_id', 'in', ids)),
          eb.exists(eb.selectFrom('auditor_projects as a').select('a.project_id').whereRef('a.project_id', '=', 'p.project_id').where('a.auditor_id', 'in', ids)),
        ]),
      );
    }
    return query;
  }

  private summaries(visibility: Visibility) {
    return this.visible(visibility)
      .leftJoin('accounts as a', (join) => join.on(sql<boolean>`a.account_id::text = p.creator_id`))
      .select([
        'p.project_id as id',
        'p.title',
        'p.status',
        'p.published',
        'p.type',
        'p.annotation_type as annotationType',
        isoDate('p.start_date').as('startDate'),
        isoDate('p.end_date').as('endDate'),
        sql<string>`coalesce(a.name, p.creator_id)`.as('creatorName'),
        sql<number>`(SELECT count(*)::int FROM project_links l WHERE l.project_id = p.project_id)`.as('linkCount'),
        sql<number>`(SELECT count(*)::int FROM batches b WHERE b.project_id = p.project_id AND b.status <> 'deleted')`.as('batches'),
        sql<number>`(SELECT coalesce(sum(b.items), 0)::int FROM batches b WHERE b.project_id = p.project_id AND b.status <> 'deleted')`.as('items'),
        exactIso('p.created_at').as('createdAt'),
        exactIso('p.updated_at').as('updatedAt'),
        'p.version',
      ]);
  }

  async summary(projectId: string, visibility: Visibility): Promise<ProjectSummary | undefined> {
    return (await this.summaries(visibility).where('p.project_id', '=', projectId).executeTakeFirst()) as ProjectSummary | undefined;
  }

  async list(visibility: Visibility, filter: ProjectListQuery): Promise<Page<ProjectSummary>> {
    let query = this.summaries(visibility)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.project_id', 'desc')
      .limit(filter.limit + 1);
    if (filter.status) query = query.where('p.status', '=', filter.status);
    else if (filter.tab) query = query.where('p.status', 'in', [...tabStatuses[filter.tab]]);
    if (filter.type) query = query.where('p.type', '=', filter.type);
    if (filter.annotationType) query = query.where('p.annotation_type', '=', filter.annotationType);
    if (filter.keyword) query = query.where('p.title', 'ilike', `%${filter.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    const after = decodeCursor(filter.cursor);
    if (after) query = query.where(sql<boolean>`(p.created_at, p.project_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = (await query.execute()) as unknown as ProjectSummary[];
    const items = rows.slice(0, filter.limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > filter.limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }

  async counts(visibility: Visibility): Promise<ProjectCounts> {
    const rows = await this.visible(visibility).select(['p.status', sql<number>`count(*)::int`.as('n')]).groupBy('p.status').execute();
    const counts = Object.fromEntries(projectStatuses.map((s) => [s, 0])) as ProjectCounts;
    for (const row of rows) counts[row.status as keyof ProjectCounts] = row.n;
    return counts;
  }

  async exists(projectId: string, visibility: Visibility): Promise<boolean> {
    return !!(await this.visible(visibility).select('p.project_id').where('p.project_id', '=', projectId).executeTakeFirst());
  }

  /** Items waiting in or worked on in each link's pool, from item_counts: a link with tasks is fixed in the pipeline. */
  async linkTasks(projectId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('item_counts')
      .select(['link_id', sql<number>`sum(items)::int`.as('n')])
      .where('project_id', '=', projectId)
      .groupBy('link_id')
      .having(sql<boolean>`sum(items) <> 0`)
      .execute();
    return new Map(rows.map((r) => [r.link_id, r.n]));
  }

  /** Whether a batch of the project is being imported: its items are on their way into the first link's pool. */
  async importing(projectId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('batches')
      .select('batch_id')
      .where('project_id', '=', projectId)
      .where('importing', 'is not', null)
      .where('status', '<>', 'deleted')
      .executeTakeFirst();
    return !!row;
  }

  /** The versions of each registered algorithm among these, by algorithm. */
  async algorithmVersions(algorithmIds: string[]): Promise<Map<string, string[]>> {
    if (algorithmIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('algorithm_versions').select(['algorithm_id', 'version_id']).where('algorithm_id', 'in', algorithmIds).execute();
    const versions = new Map<string, string[]>();
    for (const row of rows) versions.set(row.algorithm_id, [...(versions.get(row.algorithm_id) ?? []), row.version_id]);
    return versions;
  }

  async toolVersions(refs: { toolId: string; toolVersion: number }[]): Promise<Map<string, { name: string; templateType: string }>> {
    if (refs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tool_versions as v')
      .innerJoin('tools as t', 't.tool_id', 'v.tool_id')
      .select(['v.tool_id', 'v.tool_version', 't.name', 't.template_type', 't.status'])
      .where('v.tool_id', 'in', refs.map((r) => r.toolId))
      .execute();
    return new Map(rows.filter((r) => r.status === 'active').map((r) => [`${r.tool_id}@${r.tool_version}`, { name: r.name, templateType: r.template_type }]));
  }

  /** The name of a live rule that has this version, or undefined. */
  async ruleName(kind: 'annotation' | 'data', ruleId: string, ruleVersion: number): Promise<string | undefined> {
    const [rules, versions] = kind === 'annotation' ? ['annotation_rules', 'annotation_rule_versions'] : ['data_rules', 'data_rule_versions'];
    const { rows } = await sql<{ name: string }>`
      SELECT r.name FROM ${sql.table(versions)} v JOIN ${sql.table(rules)} r ON r.rule_id = v.rule_id
      WHERE v.rule_id = ${ruleId} AND v.rule_version = ${ruleVersion} AND r.status = 'active'`.execute(this.db);
    return rows[0]?.name;
  }

  /** The catalogue's active error groups by name, and the groups a project's saved rules choose (none without a project). */
  async errorGroups(projectId: string | null): Promise<{ catalogue: ProjectErrorGroup[]; rules: Pick<ProjectRules, 'errorGroupIds'> | null }> {
    const catalogue = await this.db.selectFrom('error_groups').select(['group_id as id', 'name', 'description', 'values']).where('status', '=', 'active').orderBy('name').execute();
    const project = projectId ? await this.db.selectFrom('projects').select('rules').where('project_id', '=', projectId).executeTakeFirst() : undefined;
    return { catalogue: catalogue as ProjectErrorGroup[], rules: (project?.rules ?? null) as Pick<ProjectRules, 'errorGroupIds'> | null };
  }

  async teams(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('teams').select(['team_id', 'name']).where('team_id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.team_id, r.name]));
  }

  async accounts(ids: string[]): Promise<Map<string, { name: string; account: string; role: string; teamId: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('accounts').select(['account_id', 'name', 'account', 'role', 'team_id']).where('account_id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.account_id, { name: r.name, account: r.account, role: r.role, teamId: r.team_id }]));
  }

  async teamTaggers(teamId: string): Promise<{ id: string; name: string; account: string }[]> {
    return this.db
      .selectFrom('accounts')
      .select(['account_id as id', 'name', 'account'])
      .where('team_id', '=', teamId)
      .where('role', '=', '40')
      .where('status', '=', 'active')
      .orderBy('name')
      .execute();
  }

  /** Every account of a team, whatever its status: a disabled tagger still on a link is still the team's. */
  async teamMemberIds(teamId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('accounts').select('account_id').where('team_id', '=', teamId).execute();
    return rows.map((r) => r.account_id);
  }

  async teamOf(accountId: string): Promise<string | null> {
    const row = await this.db.selectFrom('accounts').select('team_id').where('account_id', '=', accountId).executeTakeFirst();
    return row?.team_id ?? null;
  }
}
