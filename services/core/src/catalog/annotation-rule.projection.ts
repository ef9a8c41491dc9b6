// Annotation rules and their versions as the rule screens read them.
import type { AnnotationRuleEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const annotationRuleProjection: Projection = {
  name: 'annotation-rules',
  mode: 'inline',
  tables: ['annotation_rules', 'annotation_rule_versions'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AnnotationRuleEvent['type']>[]) {
      const version = event.streamPosition;
      const at = event.recordedAt;
      switch (event.type) {
        case 'AnnotationRuleCreated':
          await db
            .insertInto('annotation_rules')
            .values({ rule_id: event.data.ruleId, name: event.data.name, config_id: event.data.configId, status: 'active', updated_at: at, version })
            .execute();
          break;
        case 'AnnotationRuleEdited':
          await db.updateTable('annotation_rules').set({ name: event.data.name, config_id: event.data.configId, updated_at: at, version }).where('rule_id', '=', event.data.ruleId).execute();
          break;
        case 'AnnotationRuleVersionAdded': {
          const d = event.data;
          await db
            .insertInto('annotation_rule_versions')
            .values({
              rule_id: d.ruleId,
              rule_version: d.ruleVersion,
              kind: d.kind,
              html: d.kind === 'richtext' ? d.html : null,
              file_id: d.kind === 'pdf' ? d.file.fileId : null,
              file_name: d.kind === 'pdf' ? d.file.fileName : null,
              size: d.kind === 'pdf' ? d.file.size : null,
              note: d.note,
              created_at: at,
            })
            .execute();
          await db.updateTable('annotation_rules').set({ latest_version: d.ruleVersion, updated_at: at, version }).where('rule_id', '=', d.ruleId).execute();
          break;
        }
        case 'AnnotationRuleDeleted':
          await db.updateTable('annotation_rules').set({ status: 'deleted', updated_at: at, version }).where('rule_id', '=', event.data.ruleId).execute();
          break;
      }
    }
  },
};
