// Events of a project's stream, and what a project still lacks before it can be published.
import type { DomainEvent } from '../shared/event';
import type { ItemRun } from '../items/distribution.rules';
import { linkProblems } from './link.rules';
import type { ProjectStatus } from './project.machine';
import type { LinkGroupInput, LinkMembersInput, ProjectBasics, ProjectLinkInput, ProjectRules, ProjectStep, ProjectTools, ToolGroup } from './project.schemas';
import type { ProjectLink } from './project.evolve';

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
