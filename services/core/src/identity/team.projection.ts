// Teams (suppliers) as the team screens and the personnel forms read them.
import type { TeamEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const teamProjection: Projection = {
  name: 'teams',
  mode: 'inline',
  tables: ['teams'],
  async apply(db, events) {
    for (const event of events as StoredEvent<TeamEvent['type']>[]) {
      const version = event.streamPosition;
      if (event.type === 'TeamCreated') {
        const d = event.data;
        await db
          .insertInto('teams')
          .values({ team_id: d.teamId, name: d.name, organisation_id: d.organisationId, hive_id: d.hiveId, size: d.size, mobile: d.mobile, created_at: event.recordedAt, version })
          .execute();
      } else if (event.type === 'TeamEdited') {
        const c = event.data.changes;
        await db
          .updateTable('teams')
          .set({
            version,
            ...(c.name !== undefined && { name: c.name }),
            ...(c.organisationId !== undefined && { organisation_id: c.organisationId }),
            ...(c.hiveId !== undefined && { hive_id: c.hiveId }),
            ...(c.size !== undefined && { size: c.size }),
            ...(c.mobile !== undefined && { mobile: c.mobile }),
          })
          .where('team_id', '=', event.data.teamId)
          .execute();
      }
    }
  },
};
