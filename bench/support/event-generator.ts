// Fills the event store straight from SQL: many streams of sample events, committed over many transactions. As in a
// real log, most events name their project (7 in 10), some a set of projects (1 in 10: a clone's source, an auditor's
// set), the rest none (accounts, teams), so the projections' indexes by project get their rows.
import { sql } from 'kysely';
import type { Db } from '@annot/core';
import { sampleEvent } from './sample-event';

export interface LogShape {
  streams: number;
  eventsPerStream: number;
  /** Appends commit a few events each; many transactions give the log the tx_id spread a reader meets. */
  eventsPerTransaction: number;
}

// The same names the SQL below gives stream n and actor n, as uuids made from md5.
const streamId = (n: string) => `'bench-' || md5('stream' || ${n})::uuid`;
const types = ['ItemClaimed', 'ItemAnnotated', 'ItemSubmitted', 'ItemInspected'];
const actors = 500;
const projects = 20;

export async function generateLog(db: Db, shape: LogShape): Promise<number> {
  const total = shape.streams * shape.eventsPerStream;
  // Every row starts from the sample event; the fields that differ between events are set per row.
  const { data, metadata } = sampleEvent();
  await sql`
    INSERT INTO streams (stream_id, stream_type, version)
    SELECT ${sql.raw(streamId('s'))}, 'bench', ${shape.eventsPerStream}::bigint
    FROM generate_series(0, ${shape.streams - 1}) s`.execute(db);
  for (let from = 0; from < total; from += shape.eventsPerTransaction) {
    const to = Math.min(from + shape.eventsPerTransaction, total) - 1;
    await sql`
      INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
      SELECT ${sql.raw(streamId(`(n % ${shape.streams})`))}, n / ${shape.streams} + 1, gen_random_uuid(),
             (${types}::text[])[n % ${types.length} + 1],
             ${JSON.stringify(data)}::jsonb || jsonb_build_object('itemId', gen_random_uuid(), 'seconds', n % 600) || (CASE
               WHEN n % 10 < 7 THEN jsonb_build_object('projectId', md5('project' || n % ${projects})::uuid)
               WHEN n % 10 = 7 THEN jsonb_build_object('projectIds', jsonb_build_array(md5('project' || n % ${projects})::uuid, md5('project' || (n + 1) % ${projects})::uuid))
               ELSE '{}'::jsonb END),
             ${JSON.stringify(metadata)}::jsonb || jsonb_build_object(
               'actorId', md5('actor' || n % ${actors})::uuid, 'commandId', md5('command' || n)::uuid,
               'correlationId', md5('command' || n)::uuid, 'requestId', md5('request' || n)::uuid)
      FROM generate_series(${from}::bigint, ${to}::bigint) n`.execute(db);
  }
  // A reader after a bulk load would otherwise pay for setting hint bits; the baseline reads first, so it would pay alone.
  await sql`VACUUM (ANALYZE) events, streams`.execute(db);
  return total;
}
