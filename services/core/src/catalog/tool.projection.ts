// Tools as the tool configuration screen lists them, and every version projects may cite.
import type { ToolEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const toolProjection: Projection = {
  name: 'tools',
  mode: 'inline',
  tables: ['tools', 'tool_versions'],
  async apply(db, events) {
    for (const event of events as StoredEvent<ToolEvent['type']>[]) {
      const version = event.streamPosition;
      const at = event.recordedAt;
      if (event.type === 'ToolCreated' || event.type === 'ToolEdited') {
        const { toolId, toolVersion, definition } = event.data;
        const row = { name: definition.name, template_type: definition.templateType, tool_version: toolVersion, definition: JSON.stringify(definition), updated_at: at, version };
        if (event.type === 'ToolCreated') {
          await db.insertInto('tools').values({ tool_id: toolId, ...row, status: 'active', created_at: at }).execute();
        } else {
          await db.updateTable('tools').set(row).where('tool_id', '=', toolId).execute();
        }
        await db.insertInto('tool_versions').values({ tool_id: toolId, tool_version: toolVersion, definition: JSON.stringify(definition), created_at: at }).execute();
      } else if (event.type === 'ToolDeleted') {
        await db.updateTable('tools').set({ status: 'deleted', updated_at: at, version }).where('tool_id', '=', event.data.toolId).execute();
      }
    }
  },
};
