// A project's items as they were at a moment: the items registered by then, each folded from its own stream.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, NotFoundError } from '@annot/core';
import type { ProjectPastView, RawMomentQuery } from '@annot/workflows';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastProjectFolds } from '../past-project-folds.service';

export class GetProjectAsOfQuery {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly query: RawMomentQuery,
  ) {}
}

@QueryHandler(GetProjectAsOfQuery)
export class GetProjectAsOfHandler implements IQueryHandler<GetProjectAsOfQuery, ProjectPastView> {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly folds: PastProjectFolds,
  ) {}

  async execute({ actor, projectId, query }: GetProjectAsOfQuery): Promise<ProjectPastView> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const fixed = await this.folds.fix(query);
    const { items, counts, tookMs } = await this.folds.fold(projectId, fixed);
    return { projectId, moment: { asked: fixed.asked, ...fixed.shown }, items, counts, tookMs };
  }
}
