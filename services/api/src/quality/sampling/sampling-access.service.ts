// Who may act on a project's sampling: managers on every project they see; as inspectors, also the taggers who work on
// the project's last link, where items finish. A project the caller may not see answers as one that does not exist.
import { Injectable } from '@nestjs/common';
import { type Actor, AppError, LifecycleStates, projectStateRow } from '@annot/core';
import { itemActor, worksOnLink } from '@annot/workflows';
import { ProjectAccess } from '../../projects/project-access.service';

@Injectable()
export class SamplingAccess {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly states: LifecycleStates,
  ) {}

  /** Whether the caller inspects the project's samples; a project it may not see is not found. */
  async inspects(actor: Actor, projectId: string): Promise<boolean> {
    await this.projects.assertVisible(actor, projectId);
    if (itemActor(actor.id, actor.role).manager) return true;
    const { state } = await this.states.read(projectStateRow, projectId);
    const last = state.links?.at(-1);
    return last !== undefined && worksOnLink(await this.projects.scope(actor), { ...last.members, groups: last.groups });
  }

  /** 403 for a caller who sees the project but does not inspect its samples. */
  async assertInspector(actor: Actor, projectId: string): Promise<void> {
    if (!(await this.inspects(actor, projectId))) throw new AppError(403, 'FORBIDDEN', 'quality.sampling_not_inspector');
  }
}
