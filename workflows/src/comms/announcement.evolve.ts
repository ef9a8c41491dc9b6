// Folds an announcement's events into what its commands and its publishing timer decide on.
import type { AnnouncementEvent } from './announcement.events';
import type { AnnouncementMachineStatus } from './announcement.machine';
import type { AnnouncementScope } from './announcement.schemas';

export interface AnnouncementState {
  status: AnnouncementMachineStatus | 'none';
  title: string;
  content: string;
  scope: AnnouncementScope | null;
  /** The time a scheduled announcement is due; its timer publishes it only if this is still the time. */
  publishAt: string | null;
  publishedAt: string | null;
}

export const initialAnnouncementState: AnnouncementState = { status: 'none', title: '', content: '', scope: null, publishAt: null, publishedAt: null };

export function evolveAnnouncement(state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  switch (event.type) {
    case 'AnnouncementDrafted':
      return { ...state, status: 'draft', title: event.data.title, content: event.data.content, scope: event.data.scope };
    case 'AnnouncementEdited':
      return { ...state, title: event.data.title, content: event.data.content, scope: event.data.scope };
    case 'AnnouncementScheduled':
      return { ...state, status: 'scheduled', publishAt: event.data.publishAt };
    case 'AnnouncementPublished':
      return { ...state, status: 'published', publishAt: null, publishedAt: event.data.publishedAt };
    case 'AnnouncementStopped':
      return { ...state, status: 'stopped', publishAt: null };
  }
}
