// Events of a person's inbox (`inbox-<accountId>`): what they marked read. The messages themselves are derived
// from the events that concern them (message.rules.ts), so only reading is a command of its own.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';

const ref = { accountId: z.uuid() };

export const inboxEventSchemas = {
  MessagesRead: z.object({ ...ref, messageIds: z.array(z.guid()).min(1) }),
  /** Everything the reader had received when they asked: messages derived from later events stay unread. */
  AllMessagesRead: z.object(ref),
};

type Data<K extends keyof typeof inboxEventSchemas> = z.infer<(typeof inboxEventSchemas)[K]>;
export type MessagesRead = DomainEvent<'MessagesRead', Data<'MessagesRead'>>;
export type AllMessagesRead = DomainEvent<'AllMessagesRead', Data<'AllMessagesRead'>>;
export type InboxEvent = MessagesRead | AllMessagesRead;
export const inboxStreamId = (accountId: string): string => `inbox-${accountId}`;
