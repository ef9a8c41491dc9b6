// A project's detail and the people of its links, from its stream with the names the catalog and identity know.
import { Injectable } from '@nestjs/common';
import { EventStore, NotFoundError } from '@annot/core';
import {
  evolveProject,
  initialProjectState,
  type LinkMembersView,
  missingSteps,
  type ProjectDetail,
  type ProjectState,
  projectStreamId,
  type ProjectSummary,
} from '@annot/workflows';
import { ProjectsRepository } from './projects.repository';

@Injectable()
export class ProjectViews {
  constructor(
    private readonly eventStore: EventStore,
    private readonly projects: ProjectsRepository,
  ) {}

  async state(projectId: string): Promise<{ state: ProjectState; version: bigint }> {
    const folded = await this.eventStore.aggregate<ProjectState>(projectStreamId(projectId), evolveProject as never, initialProjectState);
    if (folded.state.status === 'none') throw new NotFoundError('things.project', projectId);
    return folded;
  }

  async detail(summary: ProjectSummary): Promise<{ detail: ProjectDetail; version: bigint }> {
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
      links: (state.links ?? []).map((l) => ({ ...l, tasks: tasks.get(l.id) ?? 0 })),
      rules,
      missing: missingSteps(state),
      clonedFrom: state.clonedFrom,
    };
    return { detail, version };
  }

  /** The people of every link, or of the links a supplier's team works on. */
  async members(projectId: string, onlyTeam: string | null): Promise<LinkMembersView[]> {
    const { state } = await this.state(projectId);
    const links = (state.links ?? []).filter((l) => onlyTeam === null || l.members.teamIds.includes(onlyTeam));
    const teamIds = links.flatMap((l) => l.members.teamIds);
    const accountIds = links.flatMap((l) => [...l.members.taggerIds, ...l.groups.flatMap((g) => g.taggerIds)]);
    const teams = await this.projects.teams([...new Set(teamIds)]);
    const accounts = await this.projects.accounts([...new Set(accountIds)]);
    const person = (id: string) => ({ id, name: accounts.get(id)?.name ?? '', account: accounts.get(id)?.account ?? '' });
    const candidates = onlyTeam === null ? undefined : await this.projects.teamTaggers(onlyTeam);
    return links.map((link) => ({
      linkId: link.id,
      linkName: link.name,
      linkType: link.type,
      teams: (onlyTeam === null ? link.members.teamIds : [onlyTeam]).map((id) => ({ id, name: teams.get(id) ?? '' })),
      taggers: onlyTeam === null ? link.members.taggerIds.map(person) : [],
      groups: link.groups.filter((g) => onlyTeam === null || g.teamId === onlyTeam).map((g) => ({ groupId: g.groupId, name: g.name, teamId: g.teamId, taggers: g.taggerIds.map(person) })),
      ...(candidates ? { candidates } : {}),
    }));
  }
}
