// Who sees which acceptance batch: the staff every batch of a project they may see; a client acceptor the batches naming
// them and the projects of those batches. A batch or project the caller may not see answers as one that does not exist.
import { Injectable } from '@nestjs/common';
import { type Actor, NotFoundError } from '@annot/core';
import { type AcceptanceBatchRow, internalRoles } from '@annot/workflows';
import { ProjectAccess } from '../../projects/project-access.service';
import { AcceptanceRepository, type AcceptanceViewer } from './acceptance.repository';

export const isManager = (actor: Actor): boolean => (internalRoles as string[]).includes(actor.role);

@Injectable()
export class AcceptanceAccess {
  constructor(
    private readonly batches: AcceptanceRepository,
    private readonly projects: ProjectAccess,
  ) {}

  viewer(actor: Actor): AcceptanceViewer {
    return isManager(actor) ? { all: true } : { acceptorId: actor.id };
  }

  /** 404 unless the caller may see the project: the staff as the projects context says, an acceptor one with a batch naming them. */
  async assertProject(actor: Actor, projectId: string): Promise<AcceptanceViewer> {
    const viewer = this.viewer(actor);
    if (isManager(actor)) await this.projects.assertVisible(actor, projectId);
    else if (!(await this.batches.seesProject(projectId, viewer))) throw new NotFoundError('things.project', projectId);
    return viewer;
  }

  /** The batch as the lists show it; 404 unless the caller is the staff or an acceptor it names. */
  async batch(actor: Actor, batchId: string): Promise<AcceptanceBatchRow & { acceptorIds: string[] }> {
    const batch = await this.batches.batch(batchId);
    if (!batch || !(isManager(actor) || batch.acceptorIds.includes(actor.id))) throw new NotFoundError('things.acceptance', batchId);
    if (isManager(actor) && !(await this.projects.mayView(actor, batch.projectId))) throw new NotFoundError('things.acceptance', batchId);
    return batch;
  }
}
