// A projection that makes its rows in SQL is handed the ranges of the log its batches cover, back to back, and never
// the events themselves; a runner far behind goes on in larger batches than one that keeps up.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, EventStore, type LogCursor, type LogRange, logStart, noStream, type Projection, readLog, runBatch, type StoredEvent } from '@annot/core';
import { testEvent } from '../support/events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('projection ranges', () => {
  let test: TestDatabase;
  const ranges: LogRange[] = [];
  const handed: unknown[] = [];
  const ranged: Projection = {
    name: `ranged-${randomUUID().slice(0, 8)}`,
    mode: 'async',
    tables: [],
    async apply(_db, events) {
      handed.push(...events);
    },
    async applyRange(_db, range) {
      ranges.push(range);
    },
  };
  const cursor = (at: LogCursor) => ({ txId: at.txId, globalPosition: at.globalPosition });

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  let events: StoredEvent[] = [];

  it('covers the log from its first event to its last in ranges that meet, the first of one batch and the rest larger', async () => {
    const store = new EventStore(test.db);
    for (let n = 0; n < 30; n++) await store.append(`thing-${randomUUID()}`, noStream, [testEvent('ThingMade', { n }), testEvent('ThingNoted', { n })]);
    events = await readLog(test.db, { after: logStart, limit: 1000, horizon: 'visible' });

    await catchUp(test.db, ranged, 4);

    expect(handed).toEqual([]);
    expect(ranges[0]).toEqual({ after: logStart, until: cursor(events[3]) });
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].after).toEqual(ranges[i - 1].until);
    expect(ranges[ranges.length - 1].until).toEqual(cursor(events[events.length - 1]));
    // A batch of 4, then batches of 20 read ahead (a transaction elsewhere on the server holding the settled horizon
    // back can end one early; the next starts again with 4).
    const ends = ranges.map((range) => events.findIndex((e) => e.globalPosition === range.until.globalPosition));
    const sizes = ends.map((end, i) => end - (i === 0 ? -1 : ends[i - 1]));
    expect(sizes[0]).toBe(4);
    expect(Math.max(...sizes)).toBe(20);
    expect(sizes.reduce((a, b) => a + b)).toBe(events.length);
  });

  it('is handed only what was written since its checkpoint', async () => {
    ranges.length = 0;
    const { positions } = await new EventStore(test.db).append(`thing-${randomUUID()}`, noStream, [testEvent('ThingMade'), testEvent('ThingMade')]);
    await catchUp(test.db, ranged, 4);
    expect(ranges).toHaveLength(1);
    expect(ranges[0].after).toEqual(cursor(events.at(-1)!));
    expect(ranges[0].until.globalPosition).toBe(positions[1]);
    expect(await runBatch(test.db, ranged, 4)).toBe('idle');
    expect(ranges).toHaveLength(1);
  });
});
