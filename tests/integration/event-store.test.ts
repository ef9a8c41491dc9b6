import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AppError, EventStore, anyVersion, logStart, noStream, readLog } from '@annot/core';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testActorId, testEvent } from '../support/events';
import { eventually } from '../support/eventually';

describe(EventStore.name, () => {
  let test: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new EventStore(test.db);
  });
  afterAll(async () => test.drop());

  describe('append', () => {
    it('opens a stream at version 0 and numbers its events from 1', async () => {
      const streamId = `thing-${randomUUID()}`;
      const result = await store.append(streamId, noStream, [testEvent('ThingMade', { n: 1 }), testEvent('ThingNamed', { n: 2 })]);
      expect(result.version).toBe(2n);
      const { events, version } = await store.readStream(streamId);
      expect(version).toBe(2n);
      expect(events.map((e) => [e.streamPosition, e.type, e.data])).toEqual([
        ['1', 'ThingMade', { n: 1 }],
        ['2', 'ThingNamed', { n: 2 }],
      ]);
      expect(events[0].metadata.actorId).toBe(testActorId);
    });

    it('refuses a wrong expected version with 409 VERSION_CONFLICT and writes nothing', async () => {
      const streamId = `thing-${randomUUID()}`;
      await store.append(streamId, noStream, [testEvent('ThingMade')]);
      const error = await store.append(streamId, 5n, [testEvent('ThingNamed')]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 409, errCode: 'VERSION_CONFLICT' });
      const again = await store.append(streamId, noStream, [testEvent('ThingMade')]).catch((e: unknown) => e);
      expect(again).toMatchObject({ status: 409, errCode: 'VERSION_CONFLICT' });
      expect((await store.readStream(streamId)).version).toBe(1n);
    });

    it('returns the first result for a repeated command id and appends nothing', async () => {
      const streamId = `thing-${randomUUID()}`;
      const commandId = randomUUID();
      const first = await store.append(streamId, noStream, [testEvent('ThingMade')], { commandId });
      const second = await store.append(streamId, 1n, [testEvent('ThingMade')], { commandId });
      const stale = await store.append(streamId, noStream, [testEvent('ThingMade')], { commandId });
      expect(first.duplicate).toBe(false);
      expect(second).toEqual({ ...first, duplicate: true });
      expect(stale).toEqual({ ...first, duplicate: true });
      expect((await store.readStream(streamId)).events).toHaveLength(1);
    });

    it('accepts any version when asked to', async () => {
      const streamId = `thing-${randomUUID()}`;
      await store.append(streamId, anyVersion, [testEvent('ThingMade')]);
      const result = await store.append(streamId, anyVersion, [testEvent('ThingNamed')]);
      expect(result.version).toBe(2n);
    });

    it('writes the outbox row in the same transaction as the events', async () => {
      const streamId = `thing-${randomUUID()}`;
      const message = (auditId: string) => [{ name: 'ledger.verify' as never, data: { auditId } }];
      const rowsOf = (auditId: string) => test.db.selectFrom('outbox').select('id').where(sql`payload->>'auditId'`, '=', auditId).execute();
      // One append fails before its outbox row is written (a projection throws), one after it (at commit).
      const failing = { name: 'failing', mode: 'inline' as const, tables: [], apply: async () => Promise.reject(new Error('boom')) };
      await sql`
        CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$;
        CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW WHEN (NEW.type = 'RefusedAtCommit') EXECUTE FUNCTION refuse_at_commit();
      `.execute(test.db);
      const early = randomUUID();
      const late = randomUUID();
      await expect(store.append(streamId, noStream, [testEvent('ThingMade')], { projections: [failing], outbox: message(early) })).rejects.toThrow('boom');
      await expect(store.append(streamId, noStream, [testEvent('RefusedAtCommit')], { outbox: message(late) })).rejects.toThrow('refused at commit');
      expect((await store.readStream(streamId)).events).toHaveLength(0);
      expect(await rowsOf(early)).toHaveLength(0);
      expect(await rowsOf(late)).toHaveLength(0);

      const kept = randomUUID();
      await store.append(streamId, noStream, [testEvent('ThingMade')], { outbox: message(kept) });
      expect(await rowsOf(kept)).toHaveLength(1);
    });
  });

  describe('readLog', () => {
    it('holds back an event whose transaction is still open, even if later ones committed', async () => {
      const slow = `thing-${randomUUID()}`;
      const fast = `thing-${randomUUID()}`;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const blocker = { name: 'blocker', mode: 'inline' as const, tables: [], apply: async () => { entered(); await gate; } };
      const slowAppend = store.append(slow, noStream, [testEvent('Slow')], { projections: [blocker] });
      await inside;
      await store.append(fast, noStream, [testEvent('Fast')]);

      const settled = await readLog(test.db, { after: logStart, limit: 10_000, horizon: 'settled' });
      expect(settled.some((e) => e.streamId === fast)).toBe(false);
      release();
      await slowAppend;
      // Other databases' transactions on the same server hold the horizon too: both events come once theirs end.
      const ours = async () => (await readLog(test.db, { after: logStart, limit: 10_000, horizon: 'settled' })).filter((e) => e.streamId === slow || e.streamId === fast);
      const later = await eventually(ours, (events) => events.length >= 2, 10_000);
      expect(later.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    });
  });
});
