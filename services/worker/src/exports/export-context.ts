// What an export's encoder needs of its project: the title, the cited tools at their versions in the project's
// order, and the cited import/export data rule version's document.
import type { ExportContext } from '@annot/workflows';
import { ExportRefused } from './export-refused';
import type { ExportsRepository } from './exports.repository';

export async function exportContextOf(exports: ExportsRepository, projectId: string, exportedAt: Date): Promise<ExportContext> {
  const project = await exports.project(projectId);
  if (!project) throw new ExportRefused('exports.failed_project_gone');
  return { projectTitle: project.title, tools: project.tools, rule: project.rule, exportedAt: exportedAt.toISOString() };
}
