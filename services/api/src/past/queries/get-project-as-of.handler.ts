// A project's items as they were at a moment: the items registered by then, each folded from its own stream.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError, NotFoundError } from '@annot/core';
import { isAtOrBefore, type Moment, momentOf, momentQuery, pastItemCounts, projectItemsAsOf, type ProjectPastView, type RawMomentQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { ProjectAccess } from '../../projects/project-access.service';
import { itemsOfChunk, type LogCut, PastProjectsRepository } from '../past-projects.repository';

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
    private readonly past: PastProjectsRepository,
  ) {}

  async execute({ actor, projectId, query }: GetProjectAsOfQuery): Promise<ProjectPastView> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const moment = projectMoment(query);
    const started = performance.now();
    const chunks = (await this.past.chunks(projectId)).filter((chunk) => isAtOrBefore(chunk, moment));
    const states = projectItemsAsOf(projectId, chunks.flatMap(itemsOfChunk), await this.past.itemEvents(projectId, cutOf(moment)));
    return { projectId, moment: { asked: moment.kind }, items: states.size, counts: pastItemCounts(states.values()), tookMs: Math.round(performance.now() - started) };
  }
}

/** A project has no result version of its own: its moments are a position, a time, or now. */
function projectMoment(query: RawMomentQuery): Moment {
  const parsed = momentQuery.safeParse(query);
  if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
  const moment = momentOf(parsed.data);
  if (moment.kind === 'version') throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'version', messageKey: 'past.one_moment' }]);
  return moment;
}

const cutOf = (moment: Moment): LogCut => (moment.kind === 'position' ? { position: moment.position } : moment.kind === 'time' ? { at: moment.at } : null);
