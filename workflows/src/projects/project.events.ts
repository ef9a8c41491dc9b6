// Events of a project's stream, its state folded from them, and what it still lacks before it can be published.
import type { DomainEvent } from '../shared/event';
import type { ItemRun } from '../tasks/distribution.rules';
import { linkProblems } from './link.rules';
import type { ProjectStatus } from './project.machine';
import type { LinkGroupInput, LinkMembersInput, ProjectBasics, ProjectLinkInput, ProjectRules, ProjectStep, ProjectTools, ToolGroup } from './project.schemas';

type Ref = { projectId: string; title: string };

export type ProjectDrafted = DomainEvent<'ProjectDrafted', Ref & { basics: ProjectBasics; clonedFrom: string | null }>;
export type ProjectBasicsSaved = DomainEvent<'ProjectBasicsSaved', Ref & { basics: ProjectBasics }>;
/** `groups` is absent from events saved before group elements existed. */
export type ProjectToolsSaved = DomainEvent<'ProjectToolsSaved', Ref & { tools: ProjectTools['tools']; groups?: ToolGroup[] }>;
export type ProjectLinksSaved = DomainEvent<'ProjectLinksSaved', Ref & { links: ProjectLinkInput[] }>;
export type ProjectRulesSaved = DomainEvent<'ProjectRulesSaved', Ref & { rules: ProjectRules }>;
/** Appended with the step that completes (or breaks) the configuration, so the list tab follows it. */
export type ProjectMarkedComplete = DomainEvent<'ProjectMarkedComplete', Ref>;
export type ProjectMarkedIncomplete = DomainEvent<'ProjectMarkedIncomplete', Ref & { missing: ProjectStep[] }>;
export type ProjectPublished = DomainEvent<'ProjectPublished', Ref>;
export type ProjectPaused = DomainEvent<'ProjectPaused', Ref>;
export type ProjectResumed = DomainEvent<'ProjectResumed', Ref>;
export type ProjectFinished = DomainEvent<'ProjectFinished', Ref>;
export type ProjectClosed = DomainEvent<'ProjectClosed', Ref>;
export type ProjectReopened = DomainEvent<'ProjectReopened', Ref>;
export type LinkMembersAssigned = DomainEvent<'LinkMembersAssigned', Ref & { linkId: string } & LinkMembersInput>;
export type LinkGroupSaved = DomainEvent<'LinkGroupSaved', Ref & { linkId: string; groupId: string; teamId: string } & LinkGroupInput>;
export type LinkGroupDeleted = DomainEvent<'LinkGroupDeleted', Ref & { linkId: string; groupId: string }>;
/**
 * An import chose the link its items wait in (the first, or none). Appended at the project version the link was
 * read at, so a links edit checked before the import started conflicts instead of landing while the items arrive.
 */
/**
 * A team's share of a link's pool changed: the waiting items it gained from the open pool and gave back, named in the
 * event (as runs of places in their batches) so a replay hands out exactly these items. `count` is its size after.
 */
export type LinkPoolDistributed = DomainEvent<'LinkPoolDistributed', Ref & { linkId: string; teamId: string; count: number; given: ItemRun[]; taken: ItemRun[] }>;
/** A group's part of its team's share changed, the same way: gained from and given back to the team's own part. */
export type TeamPoolDistributed = DomainEvent<'TeamPoolDistributed', Ref & { linkId: string; teamId: string; groupId: string; count: number; given: ItemRun[]; taken: ItemRun[] }>;
export type ProjectImportStarted = DomainEvent<'ProjectImportStarted', Ref & { batchId: string; importId: string; linkId: string | null }>;

export type ProjectEvent =
  | ProjectDrafted
  | ProjectBasicsSaved
  | ProjectToolsSaved
  | ProjectLinksSaved
  | ProjectRulesSaved
  | ProjectMarkedComplete
  | ProjectMarkedIncomplete
  | ProjectPublished
  | ProjectPaused
  | ProjectResumed
  | ProjectFinished
  | ProjectClosed
  | ProjectReopened
  | LinkMembersAssigned
  | LinkGroupSaved
  | LinkGroupDeleted
  | LinkPoolDistributed
  | TeamPoolDistributed
  | ProjectImportStarted;

export const projectStreamId = (projectId: string): string => `project-${projectId}`;

export interface LinkGroup extends LinkGroupInput {
  groupId: string;
  teamId: string;
}

export interface ProjectLink extends ProjectLinkInput {
  members: LinkMembersInput;
  groups: LinkGroup[];
}

export interface ProjectState {
  status: ProjectStatus | 'none';
  projectId: string | null;
  basics: ProjectBasics | null;
  tools: ProjectTools['tools'] | null;
  /** The group elements made of the project's tools (not the supplier's groups of taggers on a link). */
  toolGroups: ToolGroup[];
  links: ProjectLink[] | null;
  rules: ProjectRules | null;
  clonedFrom: string | null;
  published: boolean;
  /** The link each import's items wait in, fixed when the import started, by import id. */
  importLinks: Record<string, string | null>;
}

export const initialProjectState: ProjectState = {
  status: 'none',
  projectId: null,
  basics: null,
  tools: null,
  toolGroups: [],
  links: null,
  rules: null,
  clonedFrom: null,
  published: false,
  importLinks: {},
};

const noMembers = (): LinkMembersInput => ({ teamIds: [], taggerIds: [] });

function withLink(state: ProjectState, linkId: string, change: (link: ProjectLink) => ProjectLink): ProjectState {
  return { ...state, links: (state.links ?? []).map((link) => (link.id === linkId ? change(link) : link)) };
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectDrafted':
      return { ...initialProjectState, status: 'waiting_for_improvement', projectId: event.data.projectId, basics: event.data.basics, clonedFrom: event.data.clonedFrom };
    case 'ProjectBasicsSaved':
      return { ...state, basics: event.data.basics };
    case 'ProjectToolsSaved':
      return { ...state, tools: event.data.tools, toolGroups: event.data.groups ?? [] };
    case 'ProjectLinksSaved': {
      // A link that keeps its id keeps its members and groups.
      const before = new Map((state.links ?? []).map((link) => [link.id, link]));
      return {
        ...state,
        links: event.data.links.map((link) => ({ ...link, members: before.get(link.id)?.members ?? noMembers(), groups: before.get(link.id)?.groups ?? [] })),
      };
    }
    case 'ProjectRulesSaved':
      return { ...state, rules: event.data.rules };
    case 'ProjectMarkedComplete':
      return { ...state, status: 'waiting_for_publish' };
    case 'ProjectMarkedIncomplete':
      return { ...state, status: 'waiting_for_improvement' };
    case 'ProjectPublished':
      return { ...state, status: 'in_progress', published: true };
    case 'ProjectPaused':
      return { ...state, status: 'paused' };
    case 'ProjectResumed':
      return { ...state, status: 'in_progress' };
    case 'ProjectFinished':
      return { ...state, status: 'completed' };
    case 'ProjectClosed':
      return { ...state, status: 'closed' };
    case 'ProjectReopened':
      return { ...state, status: 'reopened' };
    case 'LinkMembersAssigned': {
      // A team taken off the link takes its groups with it: its taggers work there only through the team.
      const { teamIds, taggerIds } = event.data;
      return withLink(state, event.data.linkId, (link) => ({ ...link, members: { teamIds, taggerIds }, groups: link.groups.filter((g) => teamIds.includes(g.teamId)) }));
    }
    case 'LinkGroupSaved': {
      const { groupId, teamId, name, taggerIds } = event.data;
      return withLink(state, event.data.linkId, (link) => ({
        ...link,
        groups: [...link.groups.filter((g) => g.groupId !== groupId), { groupId, teamId, name, taggerIds }],
      }));
    }
    case 'LinkGroupDeleted':
      return withLink(state, event.data.linkId, (link) => ({ ...link, groups: link.groups.filter((g) => g.groupId !== event.data.groupId) }));
    case 'LinkPoolDistributed':
    case 'TeamPoolDistributed':
      // Shares are items, not numbers: they live with the items in the pool, where claims lock them.
      return state;
    case 'ProjectImportStarted':
      // The running import itself is the batch's state, which the links edit checks; the project keeps its link.
      return { ...state, importLinks: { ...state.importLinks, [event.data.importId]: event.data.linkId } };
  }
}

/**
 * The wizard steps a draft still lacks, in order; a pipeline that breaks a link rule counts as missing links, and rules
 * saved before error groups were chosen (a clone of such a project) count as missing rules.
 */
export function missingSteps(state: { basics: ProjectBasics | null; tools: unknown[] | null; links: Pick<ProjectLink, 'type'>[] | null; rules: ProjectRules | null }): ProjectStep[] {
  const missing: ProjectStep[] = [];
  if (!state.basics) missing.push('basics');
  if (!state.tools || state.tools.length === 0) missing.push('tools');
  if (!state.links || linkProblems(state.links).length > 0) missing.push('links');
  if (!state.rules || (state.rules.errorGroupIds ?? []).length === 0) missing.push('rules');
  return missing;
}
