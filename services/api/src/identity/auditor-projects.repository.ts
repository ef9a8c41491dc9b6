// The projects each auditor reads, as the accounts projection keeps them, and which of some ids name no project.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';

@Injectable()
export class AuditorProjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async projectIdsOf(auditorId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('auditor_projects').select('project_id').where('auditor_id', '=', auditorId).orderBy('project_id').execute();
    return rows.map((r) => r.project_id);
  }

  async unknownProjects(projectIds: string[]): Promise<string[]> {
    if (projectIds.length === 0) return [];
    const known = await this.db.selectFrom('projects').select('project_id').where('project_id', 'in', projectIds).execute();
    const found = new Set(known.map((r) => r.project_id));
    return projectIds.filter((id) => !found.has(id));
  }
}
