// The error groups a project's marks may name, for the mark dialog of whoever judges its items, and the check that
// refuses a mark naming any other group before an inspection, sampling or acceptance verdict is written.
import { Injectable } from '@nestjs/common';
import { AppError } from '@annot/core';
import { foreignMarkIndex, markGroupNotInProject, projectErrorGroups } from '@annot/workflows';
import { type ProjectErrorGroup, ProjectsRepository } from './projects.repository';

@Injectable()
export class ProjectErrorGroups {
  constructor(private readonly projects: ProjectsRepository) {}

  async of(projectId: string): Promise<ProjectErrorGroup[]> {
    const { catalogue, rules } = await this.projects.errorGroups(projectId);
    return projectErrorGroups(catalogue, rules);
  }

  async checkMarks(projectId: string, marks: readonly { errorGroupId: string }[]): Promise<void> {
    if (marks.length === 0) return;
    const index = foreignMarkIndex(marks, await this.of(projectId));
    if (index < 0) return;
    const field = `marks.${index}.errorGroupId`;
    throw new AppError(400, 'VALIDATION_FAILED', markGroupNotInProject, {}, [{ field, messageKey: markGroupNotInProject }]);
  }
}
