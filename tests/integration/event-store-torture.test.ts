// Many writers on overlapping streams, late commits and rollbacks, while the async projections stop and restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AppError,
  EventStore,
  ProjectionRunner,
  catchUp,
  managementLogProjection,
  projectionCatalogue,
  verifyReplay,
  type Projection,
} from '@annot/core';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testEvent } from '../support/events';

const writers = 50;
const attemptsPerWriter = 12;
const streams = Array.from({ length: 8 }, (_, i) => `torture-${i}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (n: number) => Math.floor(Math.random() * n);

class Abandoned extends Error {}

describe('event store under concurrent writers', () => {
  let test: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestDatabase({ max: 40 });
    store = new EventStore(test.db);
  });
  afterAll(async () => test.drop());

  it('keeps every projection equal to a full replay, with every conflict surfaced as 409', async () => {
    // Holds some transactions open so that they commit after later ones, and aborts others after writing.
    const chaos: Projection = {
      name: 'chaos',
      mode: 'inline',
      tables: [],
      async apply() {
        await sleep(random(15));
        if (Math.random() < 0.15) throw new Abandoned();
      },
    };
    const outcomes = { appended: 0, conflicts: 0, abandoned: 0, events: new Map<string, number>() };
    // Each appended attempt by `w/attempt`: its stream and how many events it wrote.
    const appended = new Map<string, { streamId: string; count: number }>();
    const asyncProjections = projectionCatalogue.filter((p) => p.mode === 'async');
    // Two runners stand for two worker processes competing for the same leases.
    let runners = [new ProjectionRunner(test.db, asyncProjections, { idleMs: 5, batchSize: 50 }), new ProjectionRunner(test.db, asyncProjections, { idleMs: 5, batchSize: 50 })];
    runners.forEach((r) => r.start());

    const writer = async (w: number) => {
      for (let attempt = 0; attempt < attemptsPerWriter; attempt++) {
        const streamId = streams[random(streams.length)];
        const { version } = await store.readStream(streamId);
        await sleep(random(10));
        const count = 1 + random(3);
        const events = Array.from({ length: count }, (_, i) => testEvent('Tortured', { w, attempt, i }));
        try {
          await store.append(streamId, version, events, { projections: [chaos] });
          outcomes.appended++;
          outcomes.events.set(streamId, (outcomes.events.get(streamId) ?? 0) + count);
          appended.set(`${w}/${attempt}`, { streamId, count });
        } catch (error) {
          if (error instanceof Abandoned) outcomes.abandoned++;
          else if (error instanceof AppError && error.status === 409 && error.errCode === 'VERSION_CONFLICT') outcomes.conflicts++;
          else throw error;
        }
      }
    };

    const all = Array.from({ length: writers }, (_, w) => writer(w));
    await sleep(400);
    await Promise.all(runners.map((r) => r.stop()));
    await sleep(200);
    runners = [new ProjectionRunner(test.db, asyncProjections, { idleMs: 5, batchSize: 50 })];
    runners.forEach((r) => r.start());
    await Promise.all(all);
    await Promise.all(runners.map((r) => r.stop()));
    for (const projection of asyncProjections) await catchUp(test.db, projection);

    expect(outcomes.conflicts).toBeGreaterThan(0);
    expect(outcomes.abandoned).toBeGreaterThan(0);
    // The log holds every appended attempt whole, on its own stream, and nothing of a refused or abandoned one.
    const logged = new Map<string, { streamId: string; count: number }>();
    for (const streamId of streams) {
      const { events, version } = await store.readStream(streamId);
      expect(version).toBe(BigInt(outcomes.events.get(streamId) ?? 0));
      for (const event of events) {
        const { w, attempt, i } = event.data as { w: number; attempt: number; i: number };
        const seen = logged.get(`${w}/${attempt}`) ?? { streamId, count: 0 };
        expect({ streamId: seen.streamId, i }).toEqual({ streamId, i: seen.count });
        logged.set(`${w}/${attempt}`, { streamId, count: seen.count + 1 });
      }
    }
    expect(logged).toEqual(appended);

    const { rows } = await sql<{ events: string; logged: string; ledger: string; max_seq: string }>`
      SELECT (SELECT count(*) FROM events)::text AS events,
             (SELECT count(*) FROM management_log)::text AS logged,
             (SELECT count(*) FROM audit_ledger)::text AS ledger,
             (SELECT coalesce(max(seq), 0) FROM audit_ledger)::text AS max_seq`.execute(test.db);
    const total = [...outcomes.events.values()].reduce((a, b) => a + b, 0);
    expect(rows[0]).toEqual({ events: String(total), logged: String(total), ledger: String(total), max_seq: String(total) });

    const report = await verifyReplay(test.db, projectionCatalogue);
    expect(report.tables.find((t) => t.table === managementLogProjection.tables[0])).toMatchObject({
      liveRows: total,
      rebuiltRows: total,
      missingCount: 0,
      extraCount: 0,
    });
    expect(report.ledger).toEqual({ ok: true, checked: total, firstBad: null });
    expect(report.ok).toBe(true);
  });
});
