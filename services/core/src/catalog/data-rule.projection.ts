// Import/export data rules and their versions as the base configuration screen reads them.
import type { DataRuleEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const dataRuleProjection: Projection = {
  name: 'data-rules',
  mode: 'inline',
  tables: ['data_rules', 'data_rule_versions'],
  async apply(db, events) {
    for (const event of events as StoredEvent<DataRuleEvent['type']>[]) {
      const version = event.streamPosition;
      const at = event.recordedAt;
      switch (event.type) {
        case 'DataRuleCreated':
          await db
            .insertInto('data_rules')
            .values({ rule_id: event.data.ruleId, name: event.data.name, description: event.data.description, status: 'active', updated_at: at, version })
            .execute();
          break;
        case 'DataRuleEdited':
          await db.updateTable('data_rules').set({ name: event.data.name, description: event.data.description, updated_at: at, version }).where('rule_id', '=', event.data.ruleId).execute();
          break;
        case 'DataRuleVersionAdded':
          await db
            .insertInto('data_rule_versions')
            .values({ rule_id: event.data.ruleId, rule_version: event.data.ruleVersion, document: JSON.stringify(event.data.document), note: event.data.note, created_at: at })
            .execute();
          await db.updateTable('data_rules').set({ latest_version: event.data.ruleVersion, updated_at: at, version }).where('rule_id', '=', event.data.ruleId).execute();
          break;
        case 'DataRuleDeleted':
          await db.updateTable('data_rules').set({ status: 'deleted', updated_at: at, version }).where('rule_id', '=', event.data.ruleId).execute();
          break;
      }
    }
  },
};
