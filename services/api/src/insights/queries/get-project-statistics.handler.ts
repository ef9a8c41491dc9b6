// One project's statistics page: its work per period, person, team and class, and, for the staff, the pipeline's
// progress per link and batch, the quality gates' pass rates, the unit price and costs. Composes the projection's rows with display names.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@annot/core';
import {
  costedFiguresOf,
  figuresOf,
  linkProgress,
  moneyShownIn,
  type ProjectStatisticsView,
  rateOf,
  type StatisticsRange,
  type StatisticsScope,
  sumCounts,
  type WorkCounts,
  workCounters,
} from '@annot/workflows';
import { StatisticsRepository, type Who } from '../statistics.repository';

export class GetProjectStatisticsQuery {
  constructor(
    readonly projectId: string,
    readonly scope: StatisticsScope,
    readonly who: Who,
    readonly range: StatisticsRange,
  ) {}
}

/** The counters of a row without its other columns. */
export const countsOf = (row: WorkCounts): WorkCounts => Object.fromEntries(workCounters.map((c) => [c, row[c]])) as WorkCounts;

@QueryHandler(GetProjectStatisticsQuery)
export class GetProjectStatisticsHandler implements IQueryHandler<GetProjectStatisticsQuery, ProjectStatisticsView> {
  constructor(private readonly statistics: StatisticsRepository) {}

  async execute({ projectId, scope, who, range }: GetProjectStatisticsQuery): Promise<ProjectStatisticsView> {
    await this.statistics.assertZone(range.tz);
    const [project] = await this.statistics.projects([projectId]);
    // A project the caller may see but the projection has not reached yet has nothing to count.
    if (!project) throw new NotFoundError('things.project', projectId);
    const inspectionLinks = project.links.filter((l) => l.type === 'inspection').map((l) => l.id);
    const whole = scope === 'project';
    const price = moneyShownIn(scope) ? project.unitPrice : null;
    const [series, people, teams, classes, places, batches, rounds, acceptance] = await Promise.all([
      this.statistics.series([projectId], who, range, inspectionLinks),
      this.statistics.people(projectId, who, range),
      scope === 'mine' ? Promise.resolve([]) : this.statistics.teams(projectId, who, range),
      this.statistics.classes(projectId, who, range),
      whole ? this.statistics.places([projectId], true) : Promise.resolve([]),
      whole ? this.statistics.batches(projectId) : Promise.resolve([]),
      whole ? this.statistics.samplingRounds(projectId, range) : Promise.resolve([]),
      whole ? this.statistics.acceptanceBatches(projectId) : Promise.resolve([]),
    ]);
    const names = await this.statistics.names(
      [...new Set(people.map((p) => p.personId))],
      [...new Set([...people.map((p) => p.teamId), ...teams.map((t) => t.teamId)].filter((t): t is string => t !== null))],
      classes.map((c) => c.className),
    );
    const link = (linkId: string) => project.links.find((l) => l.id === linkId);
    const linkOf = (linkId: string) => ({ linkId, linkName: link(linkId)?.name ?? '', linkType: link(linkId)?.type ?? null });
    const judgedWork = people.filter((p) => !inspectionLinks.includes(p.linkId));
    const totals = sumCounts([...judgedWork, ...people.filter((p) => inspectionLinks.includes(p.linkId)).map((p) => ({ ...countsOf(p), passed: 0, rejected: 0 }))]);
    const inspections = project.links
      .filter((l) => l.type === 'inspection')
      .map((l) => {
        const rows = people.filter((p) => p.linkId === l.id);
        const passed = rows.reduce((s, r) => s + r.passed, 0);
        const rejected = rows.reduce((s, r) => s + r.rejected, 0);
        return { linkId: l.id, linkName: l.name, passed, rejected, passRate: rateOf(passed, passed + rejected) };
      });
    return {
      scope,
      project: { id: project.id, title: project.title, status: project.status, ...(price === null ? {} : { unitPrice: price }) },
      range,
      totals: costedFiguresOf(totals, price),
      series: series.map((row) => ({ period: row.period, ...figuresOf(countsOf(row)) })),
      people: people.map((row) => ({
        personId: row.personId,
        name: names.people.get(row.personId) ?? '',
        teamId: row.teamId,
        teamName: row.teamId ? (names.teams.get(row.teamId) ?? '') : null,
        ...linkOf(row.linkId),
        ...costedFiguresOf(countsOf(row), price),
      })),
      teams: teams.map((row) => ({ teamId: row.teamId, teamName: names.teams.get(row.teamId) ?? '', ...linkOf(row.linkId), ...costedFiguresOf(countsOf(row), price) })),
      classes: classes.map((c) => ({ className: c.className.startsWith('tool:') ? (names.tools.get(c.className.slice(5)) ?? c.className.slice(5)) : c.className, objects: c.objects })),
      links: whole ? linkProgress(project.links, places) : [],
      batches: batches.map((b) => {
        const own = places.filter((p) => p.batchId === b.batchId);
        return {
          batchId: b.batchId,
          name: b.name,
          items: b.items,
          finished: own.filter((p) => p.place === 'finished').reduce((s, p) => s + p.items, 0),
          links: linkProgress(project.links, own).map((l) => ({ linkId: l.linkId, done: l.done })),
        };
      }),
      inspections: whole ? inspections : [],
      sampling: rounds.map((r) => ({ ...r, passRate: rateOf(r.passed, r.judged) })),
      acceptance: acceptance.map((a) => ({ ...a, passRate: rateOf(a.passed, a.passed + a.rejected) })),
    };
  }
}
