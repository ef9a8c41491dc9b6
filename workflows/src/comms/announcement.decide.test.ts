import { describe, expect, it } from 'vitest';
import {
  AnnouncementRefusal,
  draftAnnouncement,
  editAnnouncement,
  publishAnnouncement,
  publishDueAnnouncement,
  scheduleAnnouncement,
  stopAnnouncement,
} from './announcement.decide';
import type { AnnouncementEvent } from './announcement.events';
import { evolveAnnouncement, initialAnnouncementState } from './announcement.evolve';

const id = '00000000-0000-4000-8000-0000000000a1';
const admin = '00000000-0000-4000-8000-0000000000ad';
const input = { title: 'Holiday', content: '<p>Closed on Monday</p>', scope: { everyone: true as const } };
const now = new Date('2026-11-24T08:00:00.000Z');
const later = new Date('2026-11-25T08:00:00.000Z');
const fold = (events: AnnouncementEvent[]) => events.reduce(evolveAnnouncement, initialAnnouncementState);
const drafted = draftAnnouncement(id, input, admin);

describe('announcement deciders', () => {
  describe('draftAnnouncement', () => {
    it('opens a draft with what the admin wrote', () => {
      expect(fold(drafted)).toMatchObject({ status: 'draft', title: 'Holiday', content: '<p>Closed on Monday</p>', scope: { everyone: true } });
    });
  });

  describe('editAnnouncement', () => {
    it('records a change, and nothing when nothing changed', () => {
      const state = fold(drafted);
      expect(editAnnouncement(state, id, input)).toEqual([]);
      const edited = editAnnouncement(state, id, { ...input, scope: { roles: ['40'], teamIds: [], accountIds: [] } });
      expect(evolveAnnouncement(state, edited[0]).scope).toEqual({ roles: ['40'], teamIds: [], accountIds: [] });
    });
  });

  describe('scheduleAnnouncement', () => {
    it('sets a time still ahead and refuses one already past', () => {
      const state = fold([...drafted, ...scheduleAnnouncement(id, later, now, admin)]);
      expect(state).toMatchObject({ status: 'scheduled', publishAt: later.toISOString() });
      expect(() => scheduleAnnouncement(id, now, now, admin)).toThrow(AnnouncementRefusal);
    });
  });

  describe('publishAnnouncement', () => {
    it('publishes now, forgetting any schedule', () => {
      const state = fold([...drafted, ...scheduleAnnouncement(id, later, now, admin), ...publishAnnouncement(id, now, admin)]);
      expect(state).toMatchObject({ status: 'published', publishAt: null, publishedAt: now.toISOString() });
    });
  });

  describe('publishDueAnnouncement', () => {
    const scheduled = fold([...drafted, ...scheduleAnnouncement(id, later, now, admin)]);
    it('publishes the schedule it was set for', () => {
      const events = publishDueAnnouncement(scheduled, id, later.toISOString(), later, 'system');
      expect(events).toEqual([{ type: 'AnnouncementPublished', data: { announcementId: id, publishedAt: later.toISOString(), publishAt: later.toISOString(), publishedBy: 'system' } }]);
    });
    it('leaves alone one moved, published or stopped meanwhile', () => {
      expect(publishDueAnnouncement(scheduled, id, now.toISOString(), later, 'system')).toEqual([]);
      expect(publishDueAnnouncement(evolveAnnouncement(scheduled, publishAnnouncement(id, now, admin)[0]), id, later.toISOString(), later, 'system')).toEqual([]);
      expect(publishDueAnnouncement(evolveAnnouncement(scheduled, stopAnnouncement(id, admin)[0]), id, later.toISOString(), later, 'system')).toEqual([]);
    });
  });

  describe('stopAnnouncement', () => {
    it('stops it and drops its schedule', () => {
      const state = fold([...drafted, ...scheduleAnnouncement(id, later, now, admin), ...stopAnnouncement(id, admin)]);
      expect(state).toMatchObject({ status: 'stopped', publishAt: null });
    });
  });
});
