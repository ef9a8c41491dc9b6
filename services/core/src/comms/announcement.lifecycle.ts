// How the command pipeline drives an announcement.
import { type AnnouncementEvent, type AnnouncementState, announcementMachine, evolveAnnouncement, initialAnnouncementState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { announcementProjection } from './announcement.projection';

export const announcementLifecycle: Lifecycle<AnnouncementState, AnnouncementEvent> = {
  machine: announcementMachine,
  initial: initialAnnouncementState,
  evolve: evolveAnnouncement,
  status: (state) => state.status,
  context: () => ({}),
  projections: [announcementProjection],
};
