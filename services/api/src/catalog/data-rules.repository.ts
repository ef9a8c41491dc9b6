// The only Kysely of the import/export data rules.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, iso } from '@annot/core';
import { containing } from './name-search';
import type { DataRuleDetail, DataRuleView } from '@annot/workflows';

@Injectable()
export class DataRulesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private rules() {
    return this.db
      .selectFrom('data_rules')
      .select(['rule_id as id', 'name', 'description', 'latest_version as latestVersion', iso('updated_at').as('updatedAt'), 'version'])
      .where('status', '=', 'active');
  }

  list(keyword?: string): Promise<DataRuleView[]> {
    const rules = keyword ? this.rules().where('name', 'ilike', containing(keyword)) : this.rules();
    return rules.orderBy('updated_at', 'desc').execute() as Promise<DataRuleView[]>;
  }

  async get(id: string): Promise<DataRuleDetail | undefined> {
    const rule = (await this.rules().where('rule_id', '=', id).executeTakeFirst()) as DataRuleView | undefined;
    if (!rule) return undefined;
    const versions = await this.db
      .selectFrom('data_rule_versions')
      .select(['rule_version as ruleVersion', 'document', 'note', iso('created_at').as('createdAt')])
      .where('rule_id', '=', id)
      .orderBy('rule_version', 'desc')
      .execute();
    return { ...rule, versions: versions as DataRuleDetail['versions'] };
  }
}
