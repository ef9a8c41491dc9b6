// Which items a caller may read: the staff every item of a project it may see; others only the items of links they
// work on, and a project they do not see answers as one that does not exist.
import { Injectable } from '@nestjs/common';
import { type Actor, CommandPipeline, NotFoundError, projectLifecycle } from '@annot/core';
import { type ProjectScope, projectStreamId, worksOnLink } from '@annot/workflows';
import { ProjectAccess } from '../projects/project-access.service';

@Injectable()
export class TaskAccess {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly pipeline: CommandPipeline,
  ) {}

  scope(actor: Actor): Promise<ProjectScope> {
    return this.projects.scope(actor);
  }

  /** The links of the project the caller works on (every link for the staff); 404 when it may not see the project. */
  async links(actor: Actor, projectId: string): Promise<string[]> {
    await this.projects.assertVisible(actor, projectId);
    const scope = await this.scope(actor);
    const { state } = await this.pipeline.load(projectLifecycle, projectStreamId(projectId));
    return (state.links ?? []).filter((l) => worksOnLink(scope, { ...l.members, groups: l.groups })).map((l) => l.id);
  }

  /** An item the caller may not read answers as one that does not exist. */
  async assertItem(actor: Actor, item: { id: string; projectId: string; linkId: string | null; claimerId: string | null }): Promise<void> {
    if (item.claimerId === actor.id) return;
    const links = await this.links(actor, item.projectId).catch(() => [] as string[]);
    if (!item.linkId || !links.includes(item.linkId)) throw new NotFoundError('things.item', item.id);
  }
}
