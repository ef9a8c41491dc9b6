// Who reaches an export record: the staff who may see its project, and an auditor given it; to anyone else it answers
// as one that does not exist.
import { Injectable } from '@nestjs/common';
import { type Actor, NotFoundError } from '@annot/core';
import type { ExportView } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { ProjectAccess } from '../projects/project-access.service';
import { ExportsRepository } from './exports.repository';

@Injectable()
export class ExportAccess {
  constructor(
    private readonly exports: ExportsRepository,
    private readonly projects: ProjectAccess,
  ) {}

  async record(actor: Actor, exportId: string, language: Language): Promise<ExportView> {
    const record = await this.exports.get(exportId, language);
    if (!record || !(await this.projects.mayView(actor, record.projectId))) throw new NotFoundError('things.export', exportId);
    return record;
  }
}
