// Announcements as the management table and the readers' notices list them; inline, so the page an admin returns
// to after a command shows it. The scope is split into columns for the readers' filter.
import { type AnnouncementEvent, type AnnouncementScope, type AnnouncementState, evolveAnnouncement, initialAnnouncementState, isEveryone } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type Data<T extends AnnouncementEvent['type']> = Extract<AnnouncementEvent, { type: T }>['data'];

function scopeColumns(scope: AnnouncementScope) {
  const everyone = isEveryone(scope);
  return {
    scope: JSON.stringify(scope),
    everyone,
    scope_roles: everyone ? [] : scope.roles,
    scope_team_ids: everyone ? [] : scope.teamIds,
    scope_account_ids: everyone ? [] : scope.accountIds,
  };
}

/** An announcement's lifecycle state on its row. */
export const announcementStateRow: StateRow<AnnouncementState> = {
  stream: 'announcement-',
  table: 'announcements',
  key: 'announcement_id',
  version: 'version',
  initial: initialAnnouncementState,
  evolve: evolveAnnouncement,
};

export const announcementProjection: Projection = {
  name: 'announcements',
  mode: 'inline',
  types: ['AnnouncementDrafted', 'AnnouncementEdited', 'AnnouncementScheduled', 'AnnouncementPublished', 'AnnouncementStopped'],
  tables: ['announcements'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AnnouncementEvent['type']>[]) {
      const changed = { version: event.streamPosition, updated_at: event.recordedAt };
      const row = (announcementId: string) => db.updateTable('announcements').where('announcement_id', '=', announcementId);
      switch (event.type) {
        case 'AnnouncementDrafted': {
          const d = event.data as Data<'AnnouncementDrafted'>;
          await db
            .insertInto('announcements')
            .values({ announcement_id: d.announcementId, title: d.title, content: d.content, ...scopeColumns(d.scope), status: 'draft', created_by: d.draftedBy, created_at: event.recordedAt, ...changed })
            .execute();
          break;
        }
        case 'AnnouncementEdited': {
          const d = event.data as Data<'AnnouncementEdited'>;
          await row(d.announcementId).set({ title: d.title, content: d.content, ...scopeColumns(d.scope), ...changed }).execute();
          break;
        }
        case 'AnnouncementScheduled': {
          const d = event.data as Data<'AnnouncementScheduled'>;
          await row(d.announcementId).set({ status: 'scheduled', publish_at: d.publishAt, ...changed }).execute();
          break;
        }
        case 'AnnouncementPublished': {
          const d = event.data as Data<'AnnouncementPublished'>;
          await row(d.announcementId).set({ status: 'published', publish_at: null, published_at: d.publishedAt, ...changed }).execute();
          break;
        }
        case 'AnnouncementStopped': {
          const d = event.data as Data<'AnnouncementStopped'>;
          await row(d.announcementId).set({ status: 'stopped', publish_at: null, ...changed }).execute();
          break;
        }
      }
    }
    await foldStates(db, announcementStateRow, events);
  },
};
