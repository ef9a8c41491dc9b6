// Who sees which project: admins and PMs every one; a supplier where its team is on a link; a tagger where it is a member.
// Within a project, the scope says which of its links and people the caller may see.
import { Injectable } from '@nestjs/common';
import { type Actor, AppError, NotFoundError } from '@annot/core';
import { internalRoles, type ProjectScope, projectScopeOf, Role } from '@annot/workflows';
import { ProjectsRepository, type Visibility } from './projects.repository';

@Injectable()
export class ProjectAccess {
  constructor(private readonly projects: ProjectsRepository) {}

  async visibility(actor: Actor): Promise<Visibility> {
    if ((internalRoles as string[]).includes(actor.role)) return { all: true };
    if (actor.role === Role.Supplier) {
      const teamId = await this.projects.teamOf(actor.id);
      return { all: false, memberIds: teamId ? [actor.id, teamId] : [actor.id] };
    }
    return { all: false, memberIds: [actor.id] };
  }

  async mayView(actor: Actor, projectId: string): Promise<boolean> {
    return this.projects.exists(projectId, await this.visibility(actor));
  }

  /** A project the caller may not see answers as one that does not exist. */
  async assertVisible(actor: Actor, projectId: string): Promise<void> {
    if (!(await this.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
  }

  async scope(actor: Actor): Promise<ProjectScope> {
    if (actor.role !== Role.Supplier) return projectScopeOf({ role: actor.role, id: actor.id, teamId: null });
    const teamId = await this.projects.teamOf(actor.id);
    const teamTaggerIds = teamId ? await this.projects.teamMemberIds(teamId) : [];
    return projectScopeOf({ role: actor.role, id: actor.id, teamId, teamTaggerIds });
  }

  /** The team a supplier acts for; a supplier without a team manages nobody. */
  async supplierTeam(actor: Actor): Promise<string> {
    const teamId = await this.projects.teamOf(actor.id);
    if (!teamId) throw new AppError(403, 'FORBIDDEN', 'projects.supplier_without_team');
    return teamId;
  }
}
