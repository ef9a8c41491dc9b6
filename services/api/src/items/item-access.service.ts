// Which items a caller may read: the staff every item of a project it may see; a tagger the items of links it works
// on; a supplier, on the links its team is on, only its team's items; a client acceptor the items of the acceptance
// batches naming them. A project or item they do not see answers as one that does not exist.
import { Injectable } from '@nestjs/common';
import { type Actor, LifecycleStates, NotFoundError, projectStateRow } from '@annot/core';
import { type ProjectScope, Role, type ItemView, worksOnLink } from '@annot/workflows';
import { ProjectAccess } from '../projects/project-access.service';
import { type TeamSight, ItemsRepository } from './items.repository';

/** What of a project's items the caller may read. */
export interface ItemSight {
  /** The links it works on (every link for the staff). */
  links: string[];
  /** For a supplier: only its team's items within those links. */
  team?: TeamSight;
}

type SeenItem = Pick<ItemView, 'id' | 'projectId' | 'linkId' | 'status' | 'claimerId' | 'teamId' | 'preferredClaimerId'>;

/** The list's team sight for one item: in the team's share, held by one of its taggers, or rework waiting for one. */
const seenByTeam = (item: SeenItem, team: TeamSight): boolean =>
  (team.teamId !== null && item.teamId === team.teamId) ||
  (item.status === 'claimed' && item.claimerId !== null && team.taggerIds.includes(item.claimerId)) ||
  (item.preferredClaimerId !== null && team.taggerIds.includes(item.preferredClaimerId));

@Injectable()
export class ItemAccess {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly states: LifecycleStates,
    private readonly items: ItemsRepository,
  ) {}

  scope(actor: Actor): Promise<ProjectScope> {
    return this.projects.scope(actor);
  }

  /** 404 when the caller may not see the project. */
  async sight(actor: Actor, projectId: string): Promise<ItemSight> {
    await this.projects.assertVisible(actor, projectId);
    const scope = await this.scope(actor);
    const { state } = await this.states.read(projectStateRow, projectId);
    const links = (state.links ?? []).filter((l) => worksOnLink(scope, { ...l.members, groups: l.groups })).map((l) => l.id);
    return scope.kind === 'team' ? { links, team: { teamId: scope.teamId, taggerIds: scope.taggerIds } } : { links };
  }

  /** The links of the project the caller works on (every link for the staff); 404 when it may not see the project. */
  async links(actor: Actor, projectId: string): Promise<string[]> {
    return (await this.sight(actor, projectId)).links;
  }

  /** Who may draw the project's items: those who work on it, and a client acceptor with a batch of it; 404 for others. */
  async assertProjectReader(actor: Actor, projectId: string): Promise<void> {
    if (actor.role !== Role.Client) return void (await this.links(actor, projectId));
    if (!(await this.items.acceptsIn(projectId, actor.id))) throw new NotFoundError('things.project', projectId);
  }

  /** An item the caller may not read answers as one that does not exist. */
  async assertItem(actor: Actor, item: SeenItem): Promise<void> {
    if (actor.role === Role.Client) {
      if (!(await this.items.acceptsItem(item.id, actor.id))) throw new NotFoundError('things.item', item.id);
      return;
    }
    if (item.claimerId === actor.id) return;
    const sight = await this.sight(actor, item.projectId).catch((): ItemSight => ({ links: [] }));
    if (sight.team) {
      // A team follows the items its taggers annotated into any link, as its lists do.
      const annotator = await this.items.annotatorOf(item.id);
      if (!seenByTeam(item, sight.team) && !(annotator !== null && sight.team.taggerIds.includes(annotator))) throw new NotFoundError('things.item', item.id);
      return;
    }
    if (item.linkId === null || !sight.links.includes(item.linkId)) throw new NotFoundError('things.item', item.id);
  }
}
