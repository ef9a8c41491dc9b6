// What exports and annotation imports read of a project: the tools it cites at their versions, in the project's
// order, and the document of the import/export data rule version it cites.
import type { DataRuleDocument, ResultTool, ToolInput } from '@annot/workflows';
import type { Db } from '../database/database';

export async function citedTools(db: Db, projectId: string): Promise<ResultTool[]> {
  const project = await db.selectFrom('projects').select(['tools']).where('project_id', '=', projectId).executeTakeFirst();
  const cited = (project?.tools as { toolId: string; toolVersion: number }[] | null) ?? [];
  if (cited.length === 0) return [];
  const rows = await db.selectFrom('tool_versions').select(['tool_id', 'tool_version', 'definition']).where('tool_id', 'in', cited.map((t) => t.toolId)).execute();
  return cited.flatMap((ref) =>
    rows.filter((r) => r.tool_id === ref.toolId && r.tool_version === ref.toolVersion).map((r) => ({ toolId: r.tool_id, toolVersion: r.tool_version, definition: r.definition as unknown as ToolInput })),
  );
}

export async function citedDataRule(db: Db, projectId: string): Promise<DataRuleDocument | null> {
  const project = await db.selectFrom('projects').select(['rules']).where('project_id', '=', projectId).executeTakeFirst();
  const cited = (project?.rules as { dataRule?: { ruleId: string; ruleVersion: number } | null } | null)?.dataRule;
  if (!cited) return null;
  const row = await db.selectFrom('data_rule_versions').select(['document']).where('rule_id', '=', cited.ruleId).where('rule_version', '=', cited.ruleVersion).executeTakeFirst();
  return (row?.document as unknown as DataRuleDocument | undefined) ?? null;
}
