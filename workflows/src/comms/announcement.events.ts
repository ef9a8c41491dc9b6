// Events of one announcement: drafted, edited, scheduled, published (now or when its time came) and stopped.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import { announcementScope } from './announcement.schemas';

const ref = { announcementId: z.uuid() };
const written = { title: z.string(), content: z.string(), scope: announcementScope };

export const announcementEventSchemas = {
  AnnouncementDrafted: z.object({ ...ref, ...written, draftedBy: z.string() }),
  AnnouncementEdited: z.object({ ...ref, ...written }),
  AnnouncementScheduled: z.object({ ...ref, publishAt: z.string(), scheduledBy: z.string() }),
  /** `publishAt` names the schedule it kept, null when an admin published at once. */
  AnnouncementPublished: z.object({ ...ref, publishedAt: z.string(), publishAt: z.string().nullable(), publishedBy: z.string() }),
  AnnouncementStopped: z.object({ ...ref, stoppedBy: z.string() }),
};

type Data<K extends keyof typeof announcementEventSchemas> = z.infer<(typeof announcementEventSchemas)[K]>;
export type AnnouncementDrafted = DomainEvent<'AnnouncementDrafted', Data<'AnnouncementDrafted'>>;
export type AnnouncementEdited = DomainEvent<'AnnouncementEdited', Data<'AnnouncementEdited'>>;
export type AnnouncementScheduled = DomainEvent<'AnnouncementScheduled', Data<'AnnouncementScheduled'>>;
export type AnnouncementPublished = DomainEvent<'AnnouncementPublished', Data<'AnnouncementPublished'>>;
export type AnnouncementStopped = DomainEvent<'AnnouncementStopped', Data<'AnnouncementStopped'>>;
export type AnnouncementEvent = AnnouncementDrafted | AnnouncementEdited | AnnouncementScheduled | AnnouncementPublished | AnnouncementStopped;
export const announcementStreamId = (announcementId: string): string => `announcement-${announcementId}`;
