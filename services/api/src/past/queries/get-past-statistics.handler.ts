// A project's statistics as they were at a moment: the live statistics projection runs over the project's events up
// to the moment into tables of this transaction alone, and the live statistics query reads them, so the past and the
// present page are made by the same code.
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { type Actor, AppError, DATABASE, type Db, NotFoundError, statisticsProjection } from '@annot/core';
import { type ProjectStatisticsView, type RawMomentQuery, resolveRange, statisticsQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { GetProjectStatisticsHandler, GetProjectStatisticsQuery } from '../../insights/queries/get-project-statistics.handler';
import { StatisticsRepository } from '../../insights/statistics.repository';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastProjectFolds } from '../past-project-folds.service';
import { PastProjectsRepository } from '../past-projects.repository';

export interface PastStatisticsInput extends RawMomentQuery {
  from?: string;
  to?: string;
  granularity?: string;
  tz?: string;
}

export class GetPastStatisticsQuery {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly query: PastStatisticsInput,
  ) {}
}

/** Events applied per call of the projection, as the replay pages them. */
const pageSize = 10_000;

@QueryHandler(GetPastStatisticsQuery)
export class GetPastStatisticsHandler implements IQueryHandler<GetPastStatisticsQuery, ProjectStatisticsView> {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly projects: ProjectAccess,
    private readonly folds: PastProjectFolds,
    private readonly past: PastProjectsRepository,
  ) {}

  async execute({ actor, projectId, query }: GetPastStatisticsQuery): Promise<ProjectStatisticsView> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const { position, at, version, ...asked } = query;
    const fixed = await this.folds.fix({ position, at, version });
    const parsed = statisticsQuery.safeParse(Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)));
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
    // Without days asked, the thirty days up to the moment's, as the live page shows the thirty up to today.
    const range = resolveRange(!parsed.data.from && !parsed.data.to && fixed.moment.kind === 'time' ? { ...parsed.data, to: fixed.moment.at.slice(0, 10) } : parsed.data);
    const events = await this.past.statisticsEvents(projectId, fixed.moment.kind === 'position' ? { position: fixed.moment.position } : { at: fixed.moment.at }, statisticsProjection.types ?? []);
    return this.db.transaction().execute(async (trx) => {
      // Temporary tables come first on the search path: the projection and the query name theirs without a schema.
      for (const table of statisticsProjection.tables) {
        await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.table(`public.${table}`)} INCLUDING ALL) ON COMMIT DROP`.execute(trx);
      }
      for (let i = 0; i < events.length; i += pageSize) await statisticsProjection.apply(trx, events.slice(i, i + pageSize));
      return new GetProjectStatisticsHandler(new StatisticsRepository(trx)).execute(new GetProjectStatisticsQuery(projectId, 'project', { all: true }, range));
    });
  }
}
