// What an admin writes in an announcement, who it reaches, and what the management and notice pages show.
import { z } from 'zod';
import { allRoles, type Role } from '../identity/roles';

const required = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_big');

/** Rich text as the editor sends it; the server keeps only safe markup, so the limit is on what is sent. */
export const announcementContentMax = 50_000;

/** Entries sorted and without repeats, so one scope has one spelling in the log and the projection. */
const uniqueSorted = <T extends string>(values: T[]): T[] => [...new Set(values)].sort();

const selectedScope = z
  .object({
    roles: z.array(z.enum(allRoles as [Role, ...Role[]], 'announcements.role_invalid')).max(allRoles.length, 'validation.too_big').default([]).transform(uniqueSorted),
    teamIds: z.array(z.uuid('announcements.team_invalid')).max(200, 'validation.too_big').default([]).transform(uniqueSorted),
    accountIds: z.array(z.uuid('announcements.account_invalid')).max(500, 'validation.too_big').default([]).transform(uniqueSorted),
  })
  .strict()
  .refine((s) => s.roles.length + s.teamIds.length + s.accountIds.length > 0, { message: 'announcements.scope_empty', path: ['roles'] });

/** Everyone, or the chosen roles, teams and people (a reader in any one of them is in scope). */
export const announcementScope = z.union([z.object({ everyone: z.literal(true) }).strict(), selectedScope]);
export type AnnouncementScope = z.infer<typeof announcementScope>;

export const isEveryone = (scope: AnnouncementScope): scope is { everyone: true } => 'everyone' in scope;

/** Whom a reader is, as far as an announcement's scope asks. */
export interface AnnouncementReader {
  accountId: string;
  role: string;
  teamId: string | null;
}

/** Whether a reader is in an announcement's scope; the notice list's SQL asks the same question of the projection. */
export function inScope(scope: AnnouncementScope, reader: AnnouncementReader): boolean {
  if (isEveryone(scope)) return true;
  return (scope.roles as string[]).includes(reader.role) || (reader.teamId !== null && scope.teamIds.includes(reader.teamId)) || scope.accountIds.includes(reader.accountId);
}

/** Drafting or editing: title, rich text and scope; publishing is its own command. */
export const announcementInput = z
  .object({
    title: required(200),
    content: z.string().max(announcementContentMax, 'validation.too_big'),
    scope: announcementScope,
  })
  .strict();
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** Publishing at a time; a time already past is refused by the command, which knows the clock. */
export const scheduleAnnouncementInput = z.object({ publishAt: z.iso.datetime({ offset: true, error: 'announcements.publish_at_invalid' }) }).strict();

export const announcementStatuses = ['draft', 'scheduled', 'published', 'stopped'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/** A row of the management table. */
export interface AnnouncementSummary {
  id: string;
  title: string;
  scope: AnnouncementScope;
  status: AnnouncementStatus;
  /** When a scheduled one is due. */
  publishAt: string | null;
  /** When it was last published. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementView extends AnnouncementSummary {
  /** Sanitized on the way in: this is the markup that is shown. */
  content: string;
  /** The chosen teams and people by name, for the scope picker. */
  chosen: { teams: { id: string; name: string }[]; people: { id: string; name: string }[] };
  etag: string;
}

/** What a reader in scope sees: no scope, no status, only published ones. */
export interface NoticeSummary {
  id: string;
  title: string;
  publishedAt: string;
}

export interface NoticeView extends NoticeSummary {
  content: string;
}
