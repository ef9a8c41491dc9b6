// A runner's batch ends at its bytes of event data as well as at its count of events, and still applies every event
// once, in log order: an import's large results never fill a runner's memory.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { applySettled, catchUp, EventStore, logStart, noStream, type Projection, readLog, runBatch } from '@annot/core';
import { testEvent } from '../support/events';
import { eventually } from '../support/eventually';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('projection batch bytes', () => {
  let test: TestDatabase;
  let store: EventStore;

  /** A projection of `Large` events that records the numbers of each batch it was handed. */
  const recording = () => {
    const batches: number[][] = [];
    const projection: Projection = {
      name: `bytes-${randomUUID().slice(0, 8)}`,
      mode: 'async',
      tables: [],
      types: ['Large'],
      async apply(_db, events) {
        batches.push(events.map((e) => (e.data as { n: number }).n));
      },
    };
    return { projection, batches, seen: () => batches.flat() };
  };

  /** The bytes of the first `count` Large events' data as the log stores them. */
  const storedBytes = async (count: number) => {
    const { rows } = await sql<{ bytes: string }>`
      SELECT sum(size)::text AS bytes FROM (SELECT pg_column_size(data) AS size FROM events WHERE type = 'Large' ORDER BY tx_id, global_position LIMIT ${count}) first`.execute(test.db);
    return Number(rows[0].bytes);
  };

  const numbers = Array.from({ length: 12 }, (_, n) => n);

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new EventStore(test.db);
    // Each Large event a few kB of data that does not compress, small events of another type between them.
    for (const n of numbers) {
      await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Large', { n, pad: randomBytes(1500).toString('base64') }), testEvent('Small', { n })]);
    }
    // The settled horizon is the server's: a transaction of another database that began before the last append holds
    // the events back until it ends, and a runner would find nothing yet.
    const settled = () => readLog(test.db, { after: logStart, limit: 100, horizon: 'settled', types: ['Large'] });
    await eventually(settled, (events) => events.length === numbers.length, 120_000);
  });
  afterAll(async () => test.drop());

  it('ends a batch with the event whose data reaches its bytes, far short of its events', async () => {
    const { projection, batches } = recording();
    expect(await runBatch(test.db, projection, { events: 100, bytes: await storedBytes(3) })).toBe('applied');
    expect(batches).toEqual([[0, 1, 2]]);
  });

  it('goes on past a batch cut by its bytes, and applies every event once, in log order', async () => {
    const { projection, batches, seen } = recording();
    // One call: a batch cut by bytes is full, so the runner reads on (ahead, on a second connection) until none is left.
    expect(await applySettled(test.db, projection, { events: 100, bytes: await storedBytes(3) })).toBe('applied');
    expect(seen()).toEqual(numbers);
    expect(Math.max(...batches.map((b) => b.length))).toBe(3);
  });

  it('takes one event a batch when a single event is larger than its bytes', async () => {
    const { projection, batches, seen } = recording();
    await catchUp(test.db, projection, { events: 100, bytes: 1 });
    expect(seen()).toEqual(numbers);
    expect(batches.every((b) => b.length === 1)).toBe(true);
  });

  it('is bounded by its events alone when its events are small', async () => {
    const { projection, batches, seen } = recording();
    await catchUp(test.db, projection, { events: 5, bytes: 1 << 20 });
    expect(seen()).toEqual(numbers);
    // The first batch of 5 came back full: the rest in one batch read ahead, of five times the events.
    expect(batches.map((b) => b.length)).toEqual([5, 7]);
  });
});
