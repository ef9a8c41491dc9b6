// The home page's dashboard for the staff: every ongoing project with its progress, pools and today's output, today
// across them, and the quality trend per period of the reader's calendar.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DashboardView, figuresOf, linkProgress, type StatisticsRange, sumCounts, todayIn } from '@annot/workflows';
import { StatisticsRepository } from '../statistics.repository';
import { countsOf } from './get-project-statistics.handler';

export class GetDashboardQuery {
  constructor(readonly range: StatisticsRange) {}
}

@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, DashboardView> {
  constructor(private readonly statistics: StatisticsRepository) {}

  async execute({ range }: GetDashboardQuery): Promise<DashboardView> {
    await this.statistics.assertZone(range.tz);
    const projects = await this.statistics.projects('ongoing');
    const ids = projects.map((p) => p.id);
    const inspectionLinks = projects.flatMap((p) => p.links.filter((l) => l.type === 'inspection').map((l) => l.id));
    const today = todayIn(range.tz);
    const todayRange = { ...range, from: today, to: today };
    const [places, todays, series] = await Promise.all([
      this.statistics.places(ids, false),
      this.statistics.perProject(ids, todayRange, inspectionLinks),
      this.statistics.series(ids, { all: true }, range, inspectionLinks),
    ]);
    return {
      range,
      today: figuresOf(sumCounts(todays.map(countsOf))),
      projects: projects.map((project) => {
        const own = places.filter((p) => p.projectId === project.id);
        const total = own.reduce((s, p) => s + p.items, 0);
        const finished = own.filter((p) => p.place === 'finished').reduce((s, p) => s + p.items, 0);
        const todayRow = todays.find((t) => t.projectId === project.id);
        return {
          id: project.id,
          title: project.title,
          status: project.status,
          total,
          finished,
          progress: total > 0 ? finished / total : null,
          waiting: linkProgress(project.links, own).map((l) => ({ linkId: l.linkId, name: l.name, waiting: l.waiting })),
          today: figuresOf(todayRow ? countsOf(todayRow) : {}),
        };
      }),
      series: series.map((row) => ({ period: row.period, ...figuresOf(countsOf(row)) })),
    };
  }
}
