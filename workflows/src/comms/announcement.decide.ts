// The deciders of an announcement's commands: what each one appends, given the announcement as it stands.
import type { AnnouncementEvent } from './announcement.events';
import type { AnnouncementState } from './announcement.evolve';
import type { AnnouncementInput } from './announcement.schemas';

/** A refusal the caller can act on, by message key. */
export class AnnouncementRefusal extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export function draftAnnouncement(announcementId: string, input: AnnouncementInput, by: string): AnnouncementEvent[] {
  return [{ type: 'AnnouncementDrafted', data: { announcementId, ...input, draftedBy: by } }];
}

/** An edit that changes nothing appends nothing. */
export function editAnnouncement(state: AnnouncementState, announcementId: string, input: AnnouncementInput): AnnouncementEvent[] {
  const same = state.title === input.title && state.content === input.content && JSON.stringify(state.scope) === JSON.stringify(input.scope);
  return same ? [] : [{ type: 'AnnouncementEdited', data: { announcementId, ...input } }];
}

/** Scheduling needs a time still ahead; the publishing timer is a delayed job the command asks for with it. */
export function scheduleAnnouncement(announcementId: string, publishAt: Date, now: Date, by: string): AnnouncementEvent[] {
  if (publishAt.getTime() <= now.getTime()) throw new AnnouncementRefusal('announcements.publish_at_past');
  return [{ type: 'AnnouncementScheduled', data: { announcementId, publishAt: publishAt.toISOString(), scheduledBy: by } }];
}

export function publishAnnouncement(announcementId: string, now: Date, by: string): AnnouncementEvent[] {
  return [{ type: 'AnnouncementPublished', data: { announcementId, publishedAt: now.toISOString(), publishAt: null, publishedBy: by } }];
}

/**
 * The timer's publication: only the schedule it was set for. One that was published, stopped or moved meanwhile
 * is left alone (the timer of the new time publishes a moved one), so a job run twice or late does no harm.
 */
export function publishDueAnnouncement(state: AnnouncementState, announcementId: string, publishAt: string, now: Date, by: string): AnnouncementEvent[] {
  if (state.status !== 'scheduled' || state.publishAt !== publishAt) return [];
  return [{ type: 'AnnouncementPublished', data: { announcementId, publishedAt: now.toISOString(), publishAt, publishedBy: by } }];
}

export function stopAnnouncement(announcementId: string, by: string): AnnouncementEvent[] {
  return [{ type: 'AnnouncementStopped', data: { announcementId, stoppedBy: by } }];
}
