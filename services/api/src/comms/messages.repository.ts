// The only Kysely of the message center: a person's messages in the order they came, and their unread count.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { MessageKind, MessageListQuery, MessageSubjectType, MessageView, Page } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { translate } from '../i18n/translate';

@Injectable()
export class MessagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async unread(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(accountId: string, query: MessageListQuery, language: Language): Promise<Page<MessageView>> {
    const after = decodeCursor(query.cursor);
    const rows = await this.db
      .selectFrom('messages as m')
      .leftJoin('projects as p', 'p.project_id', 'm.project_id')
      .select([
        'm.message_id as messageId',
        'm.kind',
        'm.project_id as projectId',
        'p.title as projectTitle',
        'm.subject_type as subjectType',
        'm.subject_id as subjectId',
        'm.params',
        exactIso('m.created_at').as('createdAt'),
        exactIso<string | null>('m.read_at').as('readAt'),
      ])
      .where('m.account_id', '=', accountId)
      .$if(query.state === 'unread', (q) => q.where('m.read_at', 'is', null))
      .$if(query.state === 'read', (q) => q.where('m.read_at', 'is not', null))
      .$if(after !== null, (q) => q.where(sql<boolean>`(m.created_at, m.message_id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
      .orderBy('m.created_at', 'desc')
      .orderBy('m.message_id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(({ subjectType, subjectId, params, ...row }) => {
        const values = params as Record<string, string | number>;
        return {
          ...row,
          kind: row.kind as MessageKind,
          subject: { type: subjectType as MessageSubjectType, id: subjectId },
          params: values,
          text: translate(language, `messages.${row.kind}`, { ...values, project: row.projectTitle ?? '' }),
        };
      }),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.messageId) : null,
    };
  }

  /** Of the ids given, those that are the reader's own: a read never names another person's message. */
  async ownIds(accountId: string, messageIds: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('messages').select('message_id').where('account_id', '=', accountId).where('message_id', 'in', messageIds).execute();
    return rows.map((r) => r.message_id);
  }
}
