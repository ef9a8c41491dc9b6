// Folds a project's events into what its commands decide on: its basics, tools, links with their members and groups, and rules.
import type { ProjectEvent } from './project.events';
import type { ProjectStatus } from './project.machine';
import type { LinkGroupInput, LinkMembersInput, ProjectBasics, ProjectLinkInput, ProjectRules, ProjectTools, ToolGroup } from './project.schemas';

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
