// A project's distribution as the caller may read it: the project's links and people, the pool's counts and the
// shares' progress, composed by the pure view rule.
import { Injectable } from '@nestjs/common';
import { type Actor, LifecycleStates, projectStateRow } from '@annot/core';
import { distributionViews, type LinkDistributionView } from '@annot/workflows';
import { ProjectAccess } from '../projects/project-access.service';
import { DistributionRepository } from './distribution.repository';

@Injectable()
export class DistributionViews {
  constructor(
    private readonly access: ProjectAccess,
    private readonly states: LifecycleStates,
    private readonly shares: DistributionRepository,
  ) {}

  async ofProject(actor: Actor, projectId: string): Promise<LinkDistributionView[]> {
    await this.access.assertVisible(actor, projectId);
    const scope = await this.access.scope(actor);
    const { state } = await this.states.read(projectStateRow, projectId);
    const links = state.links ?? [];
    const [counts, done, teamNames] = await Promise.all([this.shares.counts(projectId), this.shares.done(projectId), this.shares.teamNames(links.flatMap((l) => l.members.teamIds))]);
    return distributionViews(links, counts, done, teamNames, scope);
  }
}
