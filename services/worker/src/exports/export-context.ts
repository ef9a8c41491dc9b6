// What an export's encoder needs of its project: the title, the cited tools at their versions in the project's
// order, and the cited import/export data rule version's document.
import { citedDataRule, citedTools, type Db } from '@annot/core';
import type { ExportContext } from '@annot/workflows';
import { ExportRefused } from './export-refused';

export async function exportContextOf(db: Db, projectId: string, exportedAt: Date): Promise<ExportContext> {
  const project = await db.selectFrom('projects').select(['title']).where('project_id', '=', projectId).executeTakeFirst();
  if (!project) throw new ExportRefused('exports.failed_project_gone');
  return { projectTitle: project.title, tools: await citedTools(db, projectId), rule: await citedDataRule(db, projectId), exportedAt: exportedAt.toISOString() };
}
