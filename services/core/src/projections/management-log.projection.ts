// The management log: who did what and when, one row per event, read by the log screen and auditors.
import { sql } from 'kysely';
import type { Projection } from './projection';

export const managementLogProjection: Projection = {
  name: 'management-log',
  mode: 'async',
  tables: ['management_log'],
  async apply(db, events) {
    if (events.length === 0) return;
    // unnest keeps one statement and a fixed number of parameters whatever the batch size.
    await sql`
      INSERT INTO management_log
        (global_position, event_id, stream_id, event_type, actor_id, actor_role, summary, recorded_at)
      SELECT * FROM unnest(
        ${events.map((e) => e.globalPosition)}::bigint[],
        ${events.map((e) => e.eventId)}::uuid[],
        ${events.map((e) => e.streamId)}::text[],
        ${events.map((e) => e.type)}::text[],
        ${events.map((e) => e.metadata?.actorId ?? null)}::text[],
        ${events.map((e) => e.metadata?.actorRole ?? null)}::text[],
        ${events.map((e) => JSON.stringify(withoutSecrets(e.data)))}::jsonb[],
        ${events.map((e) => e.recordedAt)}::timestamptz[])`.execute(db);
  },
};

const secret = /password|token|hash|code/i;

/** The log is read by people; hashes, tokens and codes stay in the event store. */
export function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !secret.test(key)));
}
