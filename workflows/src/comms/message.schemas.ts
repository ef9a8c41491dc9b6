// What the message center reads and sends: the list's filter and page, a message as shown, and the read commands.
import { z } from 'zod';
import type { MessageKind, MessageSubjectType } from './message.rules';

export const messageListQuery = z
  .object({
    state: z.enum(['unread', 'read', 'all']).default('all'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const readMessagesInput = z.object({ messageIds: z.array(z.guid()).min(1).max(200) }).strict();

export interface MessageView {
  messageId: string;
  kind: MessageKind;
  /** The message in the reader's language, made from its kind and params when it is read. */
  text: string;
  projectId: string | null;
  projectTitle: string | null;
  subject: { type: MessageSubjectType; id: string };
  params: Record<string, string | number>;
  createdAt: string;
  readAt: string | null;
}
