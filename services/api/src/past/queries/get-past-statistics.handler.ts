// A project's statistics as they were at a moment: the live statistics projection runs over the project's events up
// to the moment (from the nearest snapshot) into tables of one transaction alone, and the live statistics query reads
// them, so the past and the present page are made by the same code; the page made is kept for the next read.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError, NotFoundError } from '@annot/core';
import { type ProjectStatisticsView, type RawMomentQuery, resolveRange, statisticsQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastProjectFolds } from '../past-project-folds.service';
import { PastStatisticsRepository } from '../past-statistics.repository';

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

@QueryHandler(GetPastStatisticsQuery)
export class GetPastStatisticsHandler implements IQueryHandler<GetPastStatisticsQuery, ProjectStatisticsView> {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly folds: PastProjectFolds,
    private readonly pages: PastStatisticsRepository,
  ) {}

  async execute({ actor, projectId, query }: GetPastStatisticsQuery): Promise<ProjectStatisticsView> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const { position, at, version, ...asked } = query;
    const fixed = await this.folds.fix({ position, at, version });
    const parsed = statisticsQuery.safeParse(Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)));
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
    // Without days asked, the thirty days up to the moment's, as the live page shows the thirty up to today.
    const range = resolveRange(!parsed.data.from && !parsed.data.to && fixed.moment.kind === 'time' ? { ...parsed.data, to: fixed.moment.at.slice(0, 10) } : parsed.data);
    const cut = fixed.moment.kind === 'position' ? { position: fixed.moment.position } : { at: fixed.moment.at };
    return this.pages.page(projectId, fixed.cut, cut, range);
  }
}
