// A person's reading of a project's annotation rule, from its projection row: what the rule notice shows.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';
import { initialRuleReadingState, type RuleReadingState } from '@annot/workflows';

@Injectable()
export class RuleReadingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** The versions the person opened and when; nothing opened yet for one who never opened the rule. */
  async reading(projectId: string, accountId: string): Promise<RuleReadingState> {
    const row = await this.db.selectFrom('rule_readings').select('state').where('project_id', '=', projectId).where('account_id', '=', accountId).executeTakeFirst();
    return (row?.state as RuleReadingState | undefined) ?? initialRuleReadingState;
  }
}
