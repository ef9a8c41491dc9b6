// What each role may see of a project and of its links' people: the server answers with it, the console draws the same shape.
import { pastReaderRoles, Role } from '../identity/roles';
import type { LinkMembersView, ProjectDetail, ProjectDetailView, SharedBasics } from './projects.views';

/** Whose eyes a project is shown to. */
export type ProjectScope =
  /** Admins and PMs run the project, and an auditor reads all of one given to it: everything. */
  | { kind: 'everything' }
  /** A supplier: its own team, that team's taggers and its groups, on the links its team is on. */
  | { kind: 'team'; teamId: string | null; taggerIds: readonly string[] }
  /** A tagger: itself, on the links it is on directly or through a group. */
  | { kind: 'self'; taggerId: string }
  /** A client acceptor, or any role not named: what acceptance needs, and nobody's names. */
  | { kind: 'acceptance' };

export interface ProjectViewer {
  role: string;
  id: string;
  /** The supplier's team. */
  teamId: string | null;
  /** The supplier team's taggers, whom it may see wherever the PM put them. */
  teamTaggerIds?: readonly string[];
}

export function projectScopeOf(viewer: ProjectViewer): ProjectScope {
  if ((pastReaderRoles as string[]).includes(viewer.role)) return { kind: 'everything' };
  if (viewer.role === Role.Supplier) return { kind: 'team', teamId: viewer.teamId, taggerIds: viewer.teamTaggerIds ?? [] };
  if (viewer.role === Role.Tagger) return { kind: 'self', taggerId: viewer.id };
  return { kind: 'acceptance' };
}

/** The people of one link by id, whatever shape a screen gives them. */
export interface LinkPeople {
  teamIds: readonly string[];
  taggerIds: readonly string[];
  groups: readonly { teamId: string; taggerIds: readonly string[] }[];
}

interface Sight {
  worksOn(link: LinkPeople): boolean;
  team(teamId: string): boolean;
  tagger(taggerId: string): boolean;
  group(group: { teamId: string; taggerIds: readonly string[] }): boolean;
}

function sightOf(scope: ProjectScope): Sight {
  switch (scope.kind) {
    case 'everything':
      return { worksOn: () => true, team: () => true, tagger: () => true, group: () => true };
    case 'team': {
      const own = (teamId: string) => scope.teamId !== null && teamId === scope.teamId;
      return { worksOn: (link) => link.teamIds.some(own), team: own, tagger: (id) => scope.taggerIds.includes(id), group: (g) => own(g.teamId) };
    }
    case 'self': {
      const me = (id: string) => id === scope.taggerId;
      const inGroup = (g: { taggerIds: readonly string[] }) => g.taggerIds.some(me);
      return { worksOn: (link) => link.taggerIds.some(me) || link.groups.some(inGroup), team: () => false, tagger: me, group: inGroup };
    }
    case 'acceptance':
      return { worksOn: () => false, team: () => false, tagger: () => false, group: () => false };
  }
}

/** Whether the viewer works on a link: what decides which links, batches and items it may read. */
export const worksOnLink = (scope: ProjectScope, link: LinkPeople): boolean => sightOf(scope).worksOn(link);

/** The price and the internal wiring (storage, algorithm settings, linked projects) are the staff's business only. */
export const staffOnlyBasics = ['unitPrice', 'storageAddress', 'algorithmConfig', 'linkedProjectId'] as const;

function sharedBasics(basics: ProjectDetail['basics']): SharedBasics {
  const shared: Record<string, unknown> = { ...basics };
  for (const key of staffOnlyBasics) delete shared[key];
  return shared as SharedBasics;
}

/** A project's detail as the viewer may see it: only the links it works on, only its own people on them. */
export function projectDetailFor(detail: ProjectDetail, scope: ProjectScope): ProjectDetailView {
  if (scope.kind === 'everything') return detail;
  const sight = sightOf(scope);
  const links = detail.links
    .filter((link) => sight.worksOn({ ...link.members, groups: link.groups }))
    .map((link) => ({
      ...link,
      members: { teamIds: link.members.teamIds.filter(sight.team), taggerIds: link.members.taggerIds.filter(sight.tagger) },
      groups: link.groups.filter(sight.group).map((g) => ({ ...g, taggerIds: g.taggerIds.filter(sight.tagger) })),
    }));
  return { ...detail, basics: sharedBasics(detail.basics), links };
}

/** The members screen as the viewer may see it; a supplier's candidates are added by whoever knows its team. */
export function linkMembersFor(views: LinkMembersView[], scope: ProjectScope): LinkMembersView[] {
  if (scope.kind === 'everything') return views;
  const sight = sightOf(scope);
  const ids = (people: { id: string }[]) => people.map((p) => p.id);
  return views
    .filter((v) => sight.worksOn({ teamIds: ids(v.teams), taggerIds: ids(v.taggers), groups: v.groups.map((g) => ({ teamId: g.teamId, taggerIds: ids(g.taggers) })) }))
    .map(({ candidates: _, ...v }) => ({
      ...v,
      teams: v.teams.filter((t) => sight.team(t.id)),
      taggers: v.taggers.filter((t) => sight.tagger(t.id)),
      groups: v.groups
        .filter((g) => sight.group({ teamId: g.teamId, taggerIds: ids(g.taggers) }))
        .map((g) => ({ ...g, taggers: g.taggers.filter((t) => sight.tagger(t.id)) })),
    }));
}
