// A project's detail and the people of its links, from its state row with the names the catalog and identity know,
// cut to what the caller's scope may see.
import { Injectable } from '@nestjs/common';
import { LifecycleStates, NotFoundError, projectStateRow } from '@annot/core';
import {
  linkMembersFor,
  type LinkMembersView,
  missingSteps,
  type ProjectDetail,
  projectDetailFor,
  type ProjectDetailView,
  type ProjectScope,
  type ProjectState,
  type ProjectSummary,
} from '@annot/workflows';
import { ProjectsRepository } from './projects.repository';

@Injectable()
export class ProjectViews {
  constructor(
    private readonly states: LifecycleStates,
    private readonly projects: ProjectsRepository,
  ) {}

  async state(projectId: string): Promise<{ state: ProjectState; version: bigint }> {
    const folded = await this.states.read(projectStateRow, projectId);
    if (folded.state.status === 'none') throw new NotFoundError('things.project', projectId);
    return folded;
  }

  async detail(summary: ProjectSummary, scope: ProjectScope): Promise<{ detail: ProjectDetailView; version: bigint }> {
    const { state, version } = await this.state(summary.id);
    const tools = state.tools ?? [];
    const toolNames = await this.projects.toolVersions(tools);
    const tasks = await this.projects.linkTasks(summary.id);
    const rules = state.rules && {
      ...state.rules,
      annotationRuleName: (await this.projects.ruleName('annotation', state.rules.annotationRule.ruleId, state.rules.annotationRule.ruleVersion)) ?? '',
      dataRuleName: state.rules.dataRule ? ((await this.projects.ruleName('data', state.rules.dataRule.ruleId, state.rules.dataRule.ruleVersion)) ?? '') : null,
    };
    const detail: ProjectDetail = {
      ...summary,
      basics: state.basics!,
      tools: tools.map((t) => ({ ...t, name: toolNames.get(`${t.toolId}@${t.toolVersion}`)?.name ?? '', templateType: toolNames.get(`${t.toolId}@${t.toolVersion}`)?.templateType ?? '' })),
      groups: state.toolGroups,
      links: (state.links ?? []).map((l) => ({ ...l, tasks: tasks.get(l.id) ?? 0 })),
      rules,
      missing: missingSteps(state),
      clonedFrom: state.clonedFrom,
    };
    return { detail: projectDetailFor(detail, scope), version };
  }

  /** The people of every link as the scope may see them; a supplier also gets its team's taggers, whom it may group. */
  async members(projectId: string, scope: ProjectScope): Promise<LinkMembersView[]> {
    const { state } = await this.state(projectId);
    const links = state.links ?? [];
    const teams = await this.projects.teams([...new Set(links.flatMap((l) => l.members.teamIds))]);
    const accounts = await this.projects.accounts([...new Set(links.flatMap((l) => [...l.members.taggerIds, ...l.groups.flatMap((g) => g.taggerIds)]))]);
    const person = (id: string) => ({ id, name: accounts.get(id)?.name ?? '', account: accounts.get(id)?.account ?? '' });
    const everyone: LinkMembersView[] = links.map((link) => ({
      linkId: link.id,
      linkName: link.name,
      linkType: link.type,
      teams: link.members.teamIds.map((id) => ({ id, name: teams.get(id) ?? '' })),
      taggers: link.members.taggerIds.map(person),
      groups: link.groups.map((g) => ({ groupId: g.groupId, name: g.name, teamId: g.teamId, taggers: g.taggerIds.map(person) })),
    }));
    const seen = linkMembersFor(everyone, scope);
    if (scope.kind !== 'team' || scope.teamId === null) return seen;
    const candidates = await this.projects.teamTaggers(scope.teamId);
    return seen.map((view) => ({ ...view, candidates }));
  }
}
