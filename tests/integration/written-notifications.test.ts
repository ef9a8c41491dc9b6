// Replicas wake each other through PostgreSQL: what is done through an API that runs no worker shows in the lists
// another process's worker keeps, and its jobs run there, while that worker's loops would otherwise rest ten minutes.
// And the event store tells of many appends close together in a few notifications, each sent after its commit.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStore, JobName, noStream, WrittenNotifier, writtenChannel } from '@annot/core';
import type { AnnouncementView } from '@annot/workflows';
import { testEvent } from '../support/events';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** The loops' long rest here: longer than any wait below, so only a notification can wake them in time. */
const longRest = { writtenRestMs: 600_000 };
const en = { 'x-language': 'en_US' };
const tool = { name: 'Wake box', templateType: 'box', rangeCircles: '30,50*80', aspectRatio: '2:1', autoTrackFrames: 15, attributes: [] };

describe('written notifications between replicas', () => {
  /** One process's API and worker, and an API alone beside it on the same database and Redis prefix. */
  let withWorker: Platform;
  let apiAlone: Platform;
  let token: string;

  beforeAll(async () => {
    withWorker = await startPlatform({ config: longRest });
    // The first platform's database, which the first platform drops at the end.
    const shared = { ...withWorker.database, close: async () => undefined, drop: async () => undefined };
    apiAlone = await startPlatform({ worker: false, database: shared, config: { ...longRest, redisPrefix: withWorker.config.redisPrefix } });
    token = await signInAdmin(apiAlone);
  }, 120_000);
  afterAll(async () => {
    await apiAlone?.stop();
    await withWorker?.stop();
  });

  it('lists in the management log read through one API a tool made through the other', async () => {
    const made = await call(apiAlone, 'POST', '/manage/tools', { token, body: tool });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const operations = await eventually(
      async () => {
        const { body } = await call<{ list: { user_name: string; operation: string }[] }>(withWorker, 'GET', '/manage/history/getoperatehistory?limit=100&offset=0', { token, headers: en });
        return body.data.list.map((entry) => `${entry.user_name}: ${entry.operation}`);
      },
      (lines) => lines.includes('Admin: Created the tool Wake box'),
    );
    expect(operations).toContain('Admin: Created the tool Wake box');
  });

  it('publishes through the other process’s worker, at its time, an announcement scheduled through the API alone', async () => {
    const drafted = await call<{ id: string }>(apiAlone, 'POST', '/manage/announcements', { token, body: { title: 'Woken', content: '<p>Woken</p>', scope: { everyone: true } } });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const id = drafted.body.data.id;
    const publishAt = new Date(Date.now() + 1000);
    expect((await call(apiAlone, 'POST', `/manage/announcements/${id}/schedule`, { token, body: { publishAt: publishAt.toISOString() } })).status).toBe(200);
    const view = await eventually(
      async () => (await call<AnnouncementView>(withWorker, 'GET', `/manage/announcements/${id}`, { token })).body.data,
      (announcement) => announcement.status === 'published',
    );
    expect(view.status).toBe('published');
  });
});

describe(WrittenNotifier.name, () => {
  let test: TestDatabase;
  let listener: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    listener = new pg.Client({ connectionString: test.url });
    await listener.connect();
    listener.on('notification', (note) => heard.push(note.payload ?? ''));
    await listener.query(`LISTEN ${writtenChannel}`);
  });
  afterAll(async () => {
    await listener?.end();
    await test?.drop();
  });

  it('tells of many appends at once in fewer notifications, and of outbox rows by name', async () => {
    const notifier = new WrittenNotifier(test.url);
    const store = new EventStore(test.db, notifier);
    try {
      const appends = 200;
      await Promise.all(Array.from({ length: appends }, () => store.append(`thing-${randomUUID()}`, noStream, [testEvent('ThingMade')])));
      await eventually(async () => heard.length, (n) => n > 0);
      expect(new Set(heard)).toEqual(new Set(['events']));
      expect(heard.length).toBeLessThan(appends / 2);

      heard.length = 0;
      await store.append(`thing-${randomUUID()}`, noStream, [testEvent('ThingMade')], { outbox: [{ name: JobName.VerifyLedger, data: { auditId: randomUUID() } }] });
      await eventually(async () => [...heard].sort(), (payloads) => payloads.includes('outbox'));
      expect(new Set(heard)).toEqual(new Set(['events', 'outbox']));
    } finally {
      await notifier.close();
    }
  });
});
