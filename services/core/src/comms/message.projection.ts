// The message center's inbox: a message for each person an event concerns, derived by the pure rules in workflows,
// and the reads people marked. Async, so a claim or a save never waits for it; each batch tells listeners whose
// inbox changed (NOTIFY commits with the batch), which is how the header's badge updates live.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { type Addressee, type InboxEvent, messageRulingOf, messageSourceTypes } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const inboxChannel = 'inbox';

/** One message per event and person, with the same id on replay. */
export function messageIdOf(eventId: string, accountId: string): string {
  const hex = createHash('md5').update(`${eventId}:${accountId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type InboxData<T extends InboxEvent['type']> = Extract<InboxEvent, { type: T }>['data'];

export const messageProjection: Projection = {
  name: 'messages',
  mode: 'async',
  types: [...messageSourceTypes, 'MessagesRead', 'AllMessagesRead'],
  tables: ['messages', 'message_followers'],
  async apply(db, events) {
    const touched = new Set<string>();
    const recipientsOf = async (to: Addressee): Promise<string[]> => {
      if ('accountId' in to) return [to.accountId];
      const rows = await db.selectFrom('message_followers').select('account_id').where('subject_id', '=', to.subjectId).where('role', '=', to.as).execute();
      return rows.map((r) => r.account_id);
    };
    for (const event of events as StoredEvent[]) {
      if (event.type === 'MessagesRead') {
        const d = event.data as InboxData<'MessagesRead'>;
        await db.updateTable('messages').set({ read_at: event.recordedAt }).where('account_id', '=', d.accountId).where('message_id', 'in', d.messageIds).where('read_at', 'is', null).execute();
        touched.add(d.accountId);
        continue;
      }
      if (event.type === 'AllMessagesRead') {
        const d = event.data as InboxData<'AllMessagesRead'>;
        await db.updateTable('messages').set({ read_at: event.recordedAt }).where('account_id', '=', d.accountId).where('read_at', 'is', null).execute();
        touched.add(d.accountId);
        continue;
      }
      const ruling = messageRulingOf(event, event.metadata.actorId);
      if (ruling.follows.length > 0) {
        const rows = ruling.follows.map((f) => ({ subject_id: f.subjectId, account_id: f.accountId, role: f.as }));
        await db.insertInto('message_followers').values(rows).onConflict((oc) => oc.doNothing()).execute();
      }
      for (const notice of ruling.notices) {
        const recipients = new Set((await Promise.all(notice.to.map(recipientsOf))).flat());
        // Nobody is told of what they did themselves.
        recipients.delete(event.metadata.actorId);
        if (recipients.size === 0) continue;
        const rows = [...recipients].map((accountId) => ({
          message_id: messageIdOf(event.eventId, accountId),
          account_id: accountId,
          kind: notice.kind,
          project_id: notice.projectId,
          subject_type: notice.subject.type,
          subject_id: notice.subject.id,
          params: JSON.stringify(notice.params),
          created_at: event.recordedAt,
        }));
        await db.insertInto('messages').values(rows).onConflict((oc) => oc.doNothing()).execute();
        for (const accountId of recipients) touched.add(accountId);
      }
    }
    for (const accountId of touched) await sql`SELECT pg_notify(${inboxChannel}, ${accountId})`.execute(db);
  },
};
