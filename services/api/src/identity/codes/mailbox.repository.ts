// The development mailbox: every code the platform sends while no real transport is set, for an admin to read.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, iso } from '@annot/core';
import type { OutgoingMessage } from './code-transport';

export interface MailboxEntry extends OutgoingMessage {
  id: string;
  sentAt: string;
}

@Injectable()
export class MailboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async add(message: OutgoingMessage): Promise<void> {
    await this.db.insertInto('mailbox').values(message).execute();
  }

  async recent(limit: number, recipient?: string): Promise<MailboxEntry[]> {
    let query = this.db
      .selectFrom('mailbox')
      .select(['id', 'channel', 'recipient', 'subject', 'body', iso('sent_at').as('sentAt')])
      .orderBy('id', 'desc')
      .limit(limit);
    if (recipient) query = query.where('recipient', '=', recipient);
    return (await query.execute()) as MailboxEntry[];
  }
}
