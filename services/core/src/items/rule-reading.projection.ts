// A person's reading of a project's annotation rule as one row: the versions they opened and when, which the rule
// notice reads instead of folding their reading stream.
import { type AnnotationRuleOpened, evolveRuleReading, initialRuleReadingState, type RuleReadingState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const ruleReadingProjection: Projection = {
  name: 'rule_readings',
  mode: 'inline',
  types: ['AnnotationRuleOpened'],
  tables: ['rule_readings'],
  async apply(db, events) {
    for (const event of events as StoredEvent<'AnnotationRuleOpened', AnnotationRuleOpened['data']>[]) {
      const { projectId, accountId } = event.data;
      const row = await db.selectFrom('rule_readings').select('state').where('project_id', '=', projectId).where('account_id', '=', accountId).executeTakeFirst();
      const state = JSON.stringify(evolveRuleReading((row?.state as RuleReadingState | undefined) ?? initialRuleReadingState, event));
      await db
        .insertInto('rule_readings')
        .values({ project_id: projectId, account_id: accountId, state, version: event.streamPosition })
        .onConflict((oc) => oc.columns(['project_id', 'account_id']).doUpdateSet({ state, version: event.streamPosition }))
        .execute();
    }
  },
};
