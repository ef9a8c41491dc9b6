// A projection that names its event types reads only those, from the log and inline, and still catches up exactly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { catchUp, EventStore, noStream, type Projection, waitingFor } from '@annot/core';
import { testEvent } from '../support/events';
import { eventually } from '../support/eventually';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('projection event types', () => {
  let test: TestDatabase;
  let store: EventStore;
  const seen: string[] = [];
  const wanted: Projection = {
    name: `only-wanted-${randomUUID().slice(0, 8)}`,
    mode: 'async',
    tables: [],
    types: ['Wanted'],
    async apply(_db, events) {
      seen.push(...events.map((e) => `${e.type}:${(e.data as { n: number }).n}`));
    },
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new EventStore(test.db);
  });
  afterAll(async () => test.drop());

  it('reads its own types from the log, in log order, and picks up where it stopped', async () => {
    for (let n = 0; n < 6; n++) await store.append(`thing-${randomUUID()}`, noStream, [testEvent(n % 2 ? 'Wanted' : 'Other', { n })]);
    await catchUp(test.db, wanted, 2);
    expect(seen).toEqual(['Wanted:1', 'Wanted:3', 'Wanted:5']);
    await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Other', { n: 6 }), testEvent('Wanted', { n: 7 })]);
    await catchUp(test.db, wanted, 2);
    expect(seen).toEqual(['Wanted:1', 'Wanted:3', 'Wanted:5', 'Wanted:7']);
  });

  it('says what waits for it: nothing, its types settled, or committed behind a transaction still running', async () => {
    await catchUp(test.db, wanted);
    expect(await waitingFor(test.db, wanted)).toBe('none');
    await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Other', { n: 11 })]);
    expect(await waitingFor(test.db, wanted)).toBe('none');

    // An older transaction with an id of its own holds the settled horizon back while a newer one commits a wanted event.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const older = test.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_current_xact_id()`.execute(trx);
      started();
      await held;
    });
    await holding;
    await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Wanted', { n: 12 })]);
    expect(await waitingFor(test.db, wanted)).toBe('unsettled');
    release();
    await older;
    // The horizon is the server's: a transaction of another test's database that began before the event also holds it
    // back, until it ends too.
    expect(await eventually(() => waitingFor(test.db, wanted), (answer) => answer !== 'unsettled')).toBe('settled');
    await catchUp(test.db, wanted);
    expect(await waitingFor(test.db, wanted)).toBe('none');
  });

  it('is given only its types when it runs inline with an append, and not called for none', async () => {
    seen.length = 0;
    await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Other', { n: 8 })], { projections: [wanted] });
    expect(seen).toEqual([]);
    await store.append(`thing-${randomUUID()}`, noStream, [testEvent('Wanted', { n: 9 }), testEvent('Other', { n: 10 })], { projections: [wanted] });
    expect(seen).toEqual(['Wanted:9']);
  });
});
