// Lifecycle of an announcement: a draft is edited, scheduled or published; a scheduled one is edited, moved,
// published early or stopped; a published one is stopped; a stopped one may be published again.
import { setup } from 'xstate';
import type { AnnouncementStatus } from './announcement.schemas';

export type AnnouncementMachineStatus = AnnouncementStatus;

type AnnouncementMachineEvent = { type: 'announcement.edit' } | { type: 'announcement.schedule' } | { type: 'announcement.publish' } | { type: 'announcement.stop' };

export const announcementMachine = setup({ types: { events: {} as AnnouncementMachineEvent } }).createMachine({
  id: 'announcement',
  version: '1',
  initial: 'draft',
  states: {
    draft: { on: { 'announcement.edit': 'draft', 'announcement.schedule': 'scheduled', 'announcement.publish': 'published' } },
    // The delayed job publishes it when its time comes; until then it is still the admin's to change.
    scheduled: { on: { 'announcement.edit': 'scheduled', 'announcement.schedule': 'scheduled', 'announcement.publish': 'published', 'announcement.stop': 'stopped' } },
    // What readers saw is not rewritten under them: a published announcement is stopped, not edited.
    published: { on: { 'announcement.stop': 'stopped' } },
    stopped: { on: { 'announcement.publish': 'published' } },
  },
});
