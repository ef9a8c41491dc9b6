// Error property groups and invalid-image reasons as their screens list them.
import type { ErrorGroupEvent, InvalidReasonEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const errorGroupProjection: Projection = {
  name: 'error-groups',
  mode: 'inline',
  tables: ['error_groups'],
  async apply(db, events) {
    for (const event of events as StoredEvent<ErrorGroupEvent['type']>[]) {
      const version = event.streamPosition;
      if (event.type === 'ErrorGroupSaved') {
        const { groupId, name, description, values } = event.data;
        const row = { name, description, values: JSON.stringify(values), status: 'active', updated_at: event.recordedAt, version };
        await db.insertInto('error_groups').values({ group_id: groupId, ...row }).onConflict((oc) => oc.column('group_id').doUpdateSet(row)).execute();
      } else if (event.type === 'ErrorGroupDeleted') {
        await db.updateTable('error_groups').set({ status: 'deleted', updated_at: event.recordedAt, version }).where('group_id', '=', event.data.groupId).execute();
      }
    }
  },
};

export const invalidReasonProjection: Projection = {
  name: 'invalid-reasons',
  mode: 'inline',
  tables: ['invalid_reasons'],
  async apply(db, events) {
    for (const event of events as StoredEvent<InvalidReasonEvent['type']>[]) {
      const version = event.streamPosition;
      if (event.type === 'InvalidReasonSaved') {
        const { reasonId, code, name, description } = event.data;
        const row = { code, name, description, status: 'active', updated_at: event.recordedAt, version };
        await db.insertInto('invalid_reasons').values({ reason_id: reasonId, ...row }).onConflict((oc) => oc.column('reason_id').doUpdateSet(row)).execute();
      } else if (event.type === 'InvalidReasonDeleted') {
        await db.updateTable('invalid_reasons').set({ status: 'deleted', updated_at: event.recordedAt, version }).where('reason_id', '=', event.data.reasonId).execute();
      }
    }
  },
};
