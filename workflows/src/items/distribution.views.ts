// A link's distribution as the PM and a supplier read it: the open pool, each team's share and its groups' parts,
// with their progress. Composed from the project's links and the pool's counts; a supplier sees only its own team.
import type { ProjectLink } from '../projects/project.evolve';
import type { ProjectScope } from '../projects/project-view.rules';

export interface ShareProgress {
  /** Items given to the share that are still in its link: waiting, claimed, and those it saw through. */
  assigned: number;
  waiting: number;
  claimed: number;
  done: number;
}

export interface GroupShareView extends ShareProgress {
  groupId: string;
  name: string;
}

export interface TeamShareView extends ShareProgress {
  teamId: string;
  name: string;
  /** The team's part that is in none of its groups. */
  own: ShareProgress;
  groups: GroupShareView[];
}

export interface LinkDistributionView {
  linkId: string;
  name: string;
  type: 'annotation' | 'inspection';
  /** Items of the link's pool no team holds; a supplier is not shown them. */
  open: { waiting: number; claimed: number } | null;
  teams: TeamShareView[];
}

export interface ShareCountRow {
  linkId: string;
  teamId: string | null;
  groupId: string | null;
  status: 'waiting' | 'claimed';
  count: number;
}

export interface ShareDoneRow {
  linkId: string;
  teamId: string;
  groupId: string | null;
  done: number;
}

const progressOf = (waiting: number, claimed: number, done: number): ShareProgress => ({ assigned: waiting + claimed + done, waiting, claimed, done });

export function distributionViews(
  links: readonly Pick<ProjectLink, 'id' | 'name' | 'type' | 'members' | 'groups'>[],
  counts: readonly ShareCountRow[],
  done: readonly ShareDoneRow[],
  teamNames: Record<string, string>,
  scope: ProjectScope,
): LinkDistributionView[] {
  const ownTeam = scope.kind === 'team' ? scope.teamId : null;
  const sum = (linkId: string, status: 'waiting' | 'claimed', teamId: string | null, groupId?: string | null) =>
    counts
      .filter((c) => c.linkId === linkId && c.status === status && c.teamId === teamId && (groupId === undefined || c.groupId === groupId))
      .reduce((n, c) => n + c.count, 0);
  const doneOf = (linkId: string, teamId: string, groupId?: string | null) =>
    done.filter((d) => d.linkId === linkId && d.teamId === teamId && (groupId === undefined || d.groupId === groupId)).reduce((n, d) => n + d.done, 0);
  const part = (linkId: string, teamId: string, groupId?: string | null) =>
    progressOf(sum(linkId, 'waiting', teamId, groupId), sum(linkId, 'claimed', teamId, groupId), doneOf(linkId, teamId, groupId));
  return links
    .filter((link) => scope.kind === 'everything' || (ownTeam !== null && link.members.teamIds.includes(ownTeam)))
    .map((link) => ({
      linkId: link.id,
      name: link.name,
      type: link.type,
      open: scope.kind === 'everything' ? { waiting: sum(link.id, 'waiting', null), claimed: sum(link.id, 'claimed', null) } : null,
      teams: link.members.teamIds
        .filter((teamId) => scope.kind === 'everything' || teamId === ownTeam)
        .map((teamId) => ({
          teamId,
          name: teamNames[teamId] ?? teamId,
          ...part(link.id, teamId),
          own: part(link.id, teamId, null),
          groups: link.groups.filter((g) => g.teamId === teamId).map((g) => ({ groupId: g.groupId, name: g.name, ...part(link.id, teamId, g.groupId) })),
        })),
    }));
}
