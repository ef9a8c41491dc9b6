// Checks what a project step names outside the project: catalog versions, error groups, teams and taggers must exist,
// and the tools must be of kinds the project's annotation type can use.
import { Injectable } from '@nestjs/common';
import { AppError, type FieldError } from '@annot/core';
import { type AnnotationType, type LinkGroupInput, type LinkMembersInput, type ProjectBasics, type ProjectRules, type ProjectTools, Role, toolFits } from '@annot/workflows';
import { ProjectsRepository } from './projects.repository';

const invalid = (fields: FieldError[]) => new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fields);

@Injectable()
export class ProjectReferences {
  constructor(private readonly projects: ProjectsRepository) {}

  /** A linked project must exist and be another one; the algorithm config names registered algorithms and their versions. */
  async checkBasics(basics: ProjectBasics, projectId: string | null): Promise<void> {
    const fields: FieldError[] = [];
    const linked = basics.linkedProjectId;
    if (linked && (linked === projectId || !(await this.projects.exists(linked, { all: true })))) {
      fields.push({ field: 'linkedProjectId', messageKey: 'projects.linked_not_found' });
    }
    const calls = basics.algorithmConfig?.calls ?? [];
    const versions = await this.projects.algorithmVersions(calls.map((c) => c.algorithmId));
    calls.forEach((c, i) => {
      const known = versions.get(c.algorithmId);
      if (!known) fields.push({ field: `algorithmConfig.calls.${i}.algorithmId`, messageKey: 'algorithms.not_registered' });
      else if (c.versionId && !known.includes(c.versionId)) fields.push({ field: `algorithmConfig.calls.${i}.versionId`, messageKey: 'algorithms.version_unknown' });
    });
    if (fields.length > 0) throw invalid(fields);
  }

  async checkTools({ tools }: ProjectTools, annotationType: AnnotationType): Promise<void> {
    const known = await this.projects.toolVersions(tools);
    const fields = tools.flatMap((t, i) => {
      const tool = known.get(`${t.toolId}@${t.toolVersion}`);
      if (!tool) return [{ field: `tools.${i}`, messageKey: 'projects.tool_not_found' }];
      return toolFits(annotationType, tool.templateType) ? [] : [{ field: `tools.${i}`, messageKey: 'projects.tool_unfit' }];
    });
    if (fields.length > 0) throw invalid(fields);
  }

  /** A new annotation type must suit the tools already chosen, or the tools step would hold tools its editor cannot draw. */
  async checkToolsKept(tools: ProjectTools['tools'], annotationType: AnnotationType): Promise<void> {
    const known = await this.projects.toolVersions(tools);
    if ([...known.values()].some((tool) => !toolFits(annotationType, tool.templateType))) throw invalid([{ field: 'annotationType', messageKey: 'projects.annotation_type_unfit_tools' }]);
  }

  async checkRules(rules: ProjectRules): Promise<void> {
    const fields: FieldError[] = [];
    if (!(await this.projects.ruleName('annotation', rules.annotationRule.ruleId, rules.annotationRule.ruleVersion))) {
      fields.push({ field: 'annotationRule', messageKey: 'projects.annotation_rule_not_found' });
    }
    if (rules.dataRule && !(await this.projects.ruleName('data', rules.dataRule.ruleId, rules.dataRule.ruleVersion))) {
      fields.push({ field: 'dataRule', messageKey: 'projects.data_rule_not_found' });
    }
    if (rules.errorGroupIds.length > 0) {
      const { catalogue } = await this.projects.errorGroups(null);
      rules.errorGroupIds.forEach((id, i) => {
        if (!catalogue.some((group) => group.id === id)) fields.push({ field: `errorGroupIds.${i}`, messageKey: 'projects.error_group_not_found' });
      });
    }
    if (fields.length > 0) throw invalid(fields);
  }

  async checkMembers({ teamIds, taggerIds }: LinkMembersInput): Promise<void> {
    const teams = await this.projects.teams(teamIds);
    const accounts = await this.projects.accounts(taggerIds);
    const fields = [
      ...teamIds.flatMap((id, i) => (teams.has(id) ? [] : [{ field: `teamIds.${i}`, messageKey: 'projects.team_not_found' }])),
      ...taggerIds.flatMap((id, i) => (accounts.get(id)?.role === Role.Tagger ? [] : [{ field: `taggerIds.${i}`, messageKey: 'projects.tagger_not_found' }])),
    ];
    if (fields.length > 0) throw invalid(fields);
  }

  /** A supplier groups only taggers of its own team. */
  async checkGroup({ taggerIds }: LinkGroupInput, teamId: string): Promise<void> {
    const accounts = await this.projects.accounts(taggerIds);
    const fields = taggerIds.flatMap((id, i) => {
      const account = accounts.get(id);
      return account?.role === Role.Tagger && account.teamId === teamId ? [] : [{ field: `taggerIds.${i}`, messageKey: 'projects.tagger_not_in_team' }];
    });
    if (fields.length > 0) throw new AppError(403, 'FORBIDDEN', 'projects.tagger_not_in_team', {}, fields);
  }
}
