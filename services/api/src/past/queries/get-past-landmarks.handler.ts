// The moments of a project named by what happened then, newest first, for choosing "as of this acceptance, this
// sampling round, this export".
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, NotFoundError } from '@annot/core';
import type { PastLandmark } from '@annot/workflows';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastLandmarksRepository } from '../past-landmarks.repository';

export class GetPastLandmarksQuery {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
  ) {}
}

@QueryHandler(GetPastLandmarksQuery)
export class GetPastLandmarksHandler implements IQueryHandler<GetPastLandmarksQuery, { items: PastLandmark[] }> {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly landmarks: PastLandmarksRepository,
  ) {}

  async execute({ actor, projectId }: GetPastLandmarksQuery): Promise<{ items: PastLandmark[] }> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    return { items: await this.landmarks.of(projectId) };
  }
}
