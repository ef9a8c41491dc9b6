// The only Kysely of the tools: the list with its used-by-project flag, one tool with its versions.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';
import type { ToolDetail, ToolInput, ToolSummary } from '@annot/workflows';
import { containing } from './name-search';

@Injectable()
export class ToolsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private summaries() {
    return this.db
      .selectFrom('tools as t')
      .where('t.status', '=', 'active')
      .select([
        't.tool_id as id',
        't.name',
        't.template_type as templateType',
        't.tool_version as toolVersion',
        sql<number>`jsonb_array_length(t.definition->'attributes')`.as('attributes'),
        sql<boolean>`EXISTS (SELECT 1 FROM tool_citations c WHERE c.tool_id = t.tool_id)`.as('usedByProject'),
        iso('t.updated_at').as('updatedAt'),
        't.version',
        't.definition',
      ]);
  }

  async list(keyword?: string): Promise<ToolSummary[]> {
    let query = this.summaries().orderBy('t.updated_at', 'desc').orderBy('t.tool_id', 'desc');
    if (keyword) query = query.where('t.name', 'ilike', containing(keyword));
    return (await query.execute()).map(({ definition: _, ...summary }) => summary as ToolSummary);
  }

  async get(id: string): Promise<ToolDetail | undefined> {
    const row = await this.summaries().where('t.tool_id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const versions = await this.db
      .selectFrom('tool_versions as v')
      .select([
        'v.tool_version as toolVersion',
        iso('v.created_at').as('createdAt'),
        sql<number>`(SELECT count(*)::int FROM tool_citations c WHERE c.tool_id = v.tool_id AND c.tool_version = v.tool_version)`.as('citedBy'),
      ])
      .where('v.tool_id', '=', id)
      .orderBy('v.tool_version', 'desc')
      .execute();
    return { ...(row as unknown as ToolDetail), definition: row.definition as ToolInput, versions };
  }

  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('tools').select('tool_id').where('status', '=', 'active').where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId) query = query.where('tool_id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async cited(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('tool_citations').select('tool_id').where('tool_id', '=', id).limit(1).executeTakeFirst());
  }
}
