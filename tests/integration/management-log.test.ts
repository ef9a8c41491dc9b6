// The management log as its readers see it: one row per event, secrets left out, long lists logged as their length.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { catchUp, compareTable, EventStore, logStart, managementLogProjection, noStream, readLog } from '@annot/core';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testActorId, testEvent } from '../support/events';

describe('management log', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('logs who did what without secrets, long lists as their length, and the project the event names', async () => {
    const projectId = randomUUID();
    const files = Array.from({ length: 101 }, (_, i) => `frame-${i}.jpg`);
    const streamId = `thing-${randomUUID()}`;
    const { positions } = await new EventStore(test.db).append(streamId, noStream, [
      testEvent('ThingMade', { projectId, name: 'Lot 7', passwordHash: 'x', resetToken: 'y', inviteCode: 'z', files, tags: ['a', 'b'], nested: { depth: 2 } }),
      testEvent('ThingNoted', ['not', 'an', 'object']),
      testEvent('ThingRenamed', { projectId: 'not-a-uuid' }),
      // A secret key in any case, alone; secret words in values only, where nothing is left out.
      testEvent('ThingShared', { projectId, ApiTOKEN: 'w' }),
      testEvent('ThingLabelled', { projectId, label: 'Barcode PASSWORD sheet', steps: [{ token: 1 }] }),
    ]);
    await catchUp(test.db, managementLogProjection);

    const { rows } = await sql<{ event_type: string; actor_id: string; actor_role: string; stream_id: string; summary: unknown; project_id: string | null }>`
      SELECT event_type, actor_id, actor_role, stream_id, summary, project_id FROM management_log
      WHERE global_position = ANY(${positions}::bigint[]) ORDER BY global_position`.execute(test.db);
    expect(rows).toEqual([
      {
        event_type: 'ThingMade',
        actor_id: testActorId,
        actor_role: '01',
        stream_id: streamId,
        summary: { projectId, name: 'Lot 7', files: 101, tags: ['a', 'b'], nested: { depth: 2 } },
        project_id: projectId,
      },
      { event_type: 'ThingNoted', actor_id: testActorId, actor_role: '01', stream_id: streamId, summary: ['not', 'an', 'object'], project_id: null },
      { event_type: 'ThingRenamed', actor_id: testActorId, actor_role: '01', stream_id: streamId, summary: { projectId: 'not-a-uuid' }, project_id: null },
      { event_type: 'ThingShared', actor_id: testActorId, actor_role: '01', stream_id: streamId, summary: { projectId }, project_id: projectId },
      {
        event_type: 'ThingLabelled',
        actor_id: testActorId,
        actor_role: '01',
        stream_id: streamId,
        summary: { projectId, label: 'Barcode PASSWORD sheet', steps: [{ token: 1 }] },
        project_id: projectId,
      },
    ]);
  });

  it('logs a range of the log, read where the events are, exactly as it logs the same events handed to it', async () => {
    const store = new EventStore(test.db);
    for (let n = 0; n < 7; n++) {
      await store.append(`thing-${randomUUID()}`, noStream, [
        testEvent('ThingMade', { projectId: randomUUID(), n, secretCode: 'x', projectIds: [randomUUID()] }),
        testEvent('ThingNoted', [n]),
      ]);
    }
    // Batches of three end inside a transaction's events as well as between transactions.
    await catchUp(test.db, managementLogProjection, 3);
    const events = await readLog(test.db, { after: logStart, limit: 1000, horizon: 'visible' });

    await test.db.transaction().execute(async (trx) => {
      await sql`CREATE SCHEMA handed`.execute(trx);
      await sql`CREATE TABLE handed.management_log (LIKE public.management_log INCLUDING ALL)`.execute(trx);
      await sql`SELECT set_config('search_path', 'handed', true)`.execute(trx);
      await managementLogProjection.apply(trx, events);
      await sql`SELECT set_config('search_path', 'public', true)`.execute(trx);
      const compared = await compareTable(trx, 'handed', managementLogProjection.name, 'management_log');
      expect(compared).toMatchObject({ liveRows: events.length, rebuiltRows: events.length, missingCount: 0, extraCount: 0 });

      // A range holds the events after its start up to its end, and no others.
      await sql`SELECT set_config('search_path', 'handed', true)`.execute(trx);
      await sql`TRUNCATE management_log`.execute(trx);
      await managementLogProjection.applyRange!(trx, { after: events[2], until: events[6] });
      const { rows } = await sql<{ global_position: string }>`SELECT global_position FROM management_log ORDER BY global_position`.execute(trx);
      expect(rows.map((row) => row.global_position)).toEqual(events.slice(3, 7).map((e) => e.globalPosition));
      await sql`DROP SCHEMA handed CASCADE`.execute(trx);
    });
  });
});
