// The only Kysely of annotation rules: the list, one rule with its versions and which projects cite them.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';
import { containing } from './name-search';
import type { AnnotationRuleDetail, AnnotationRuleView } from '@annot/workflows';

@Injectable()
export class AnnotationRulesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private rules() {
    return this.db
      .selectFrom('annotation_rules')
      .select(['rule_id as id', 'name', 'config_id as configId', 'latest_version as latestVersion', iso('updated_at').as('updatedAt'), 'version'])
      .where('status', '=', 'active');
  }

  list(keyword?: string): Promise<AnnotationRuleView[]> {
    const rules = keyword ? this.rules().where('name', 'ilike', containing(keyword)) : this.rules();
    return rules.orderBy('updated_at', 'desc').execute() as Promise<AnnotationRuleView[]>;
  }

  async get(id: string): Promise<AnnotationRuleDetail | undefined> {
    const rule = (await this.rules().where('rule_id', '=', id).executeTakeFirst()) as AnnotationRuleView | undefined;
    if (!rule) return undefined;
    const versions = await this.db
      .selectFrom('annotation_rule_versions as v')
      .select([
        'v.rule_version as ruleVersion',
        'v.kind',
        'v.html',
        'v.file_id as fileId',
        'v.file_name as fileName',
        'v.size',
        'v.note',
        iso('v.created_at').as('createdAt'),
        sql<string[]>`ARRAY(SELECT c.project_id::text FROM annotation_rule_citations c WHERE c.rule_id = v.rule_id AND c.rule_version = v.rule_version)`.as('citedBy'),
      ])
      .where('v.rule_id', '=', id)
      .orderBy('v.rule_version', 'desc')
      .execute();
    return { ...rule, versions: versions as AnnotationRuleDetail['versions'] };
  }

  async cited(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('annotation_rule_citations').select('rule_id').where('rule_id', '=', id).limit(1).executeTakeFirst());
  }

  async ownsFile(fileId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('annotation_rule_versions').select('file_id').where('file_id', '=', fileId).executeTakeFirst());
  }
}
