// A page of a project's items as they stood at a moment, by link and status as the live list filters them.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, NotFoundError } from '@annot/core';
import type { PastItemsPage, PastItemsQuery } from '@annot/workflows';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastCutsRepository } from '../past-cuts.repository';
import { PastProjectFolds } from '../past-project-folds.service';

export class GetPastItemsQuery {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly query: PastItemsQuery,
  ) {}
}

@QueryHandler(GetPastItemsQuery)
export class GetPastItemsHandler implements IQueryHandler<GetPastItemsQuery, PastItemsPage> {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly folds: PastProjectFolds,
    private readonly cuts: PastCutsRepository,
  ) {}

  async execute({ actor, projectId, query }: GetPastItemsQuery): Promise<PastItemsPage> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const { position, at, version } = query;
    const fixed = await this.folds.fix({ position, at, version });
    await this.folds.fold(projectId, fixed);
    const rows = await this.cuts.page(projectId, fixed.cut, query);
    const items = rows.slice(0, query.limit);
    return { moment: fixed.shown, items, nextCursor: rows.length > query.limit ? items[items.length - 1].itemId : null };
  }
}
