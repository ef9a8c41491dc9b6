// Background work end to end: outbox to BullMQ to the worker, progress on the event stream, Redis outages.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { jobQueue, outboxJobId } from '@annot/core';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { ownRedis, type OwnRedis } from '../support/redis-server';
import { signInAdmin } from '../support/sign-in';

let token: string;

const auditOf = (platform: Platform, auditId: string) => call(platform, 'GET', `/manage/audits/${auditId}`, { token }).then((r) => r.body.data);
const eventsOf = async (platform: Platform, auditId: string) =>
  (await sql<{ type: string }>`SELECT type FROM events WHERE stream_id = ${`audit-${auditId}`} ORDER BY stream_position`.execute(platform.database.db)).rows.map((r) => r.type);

const listen = (platform: Platform, until: (events: StreamedEvent[]) => boolean) => listenToJobs(platform, token, until);

describe('ledger verification jobs', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform();
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  it('runs in the worker and streams its progress to the console', async () => {
    const stream = await listen(platform, (events) => events.some((e) => e.event === 'completed'));
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const { body } = await call(platform, 'POST', '/manage/audits', { token, body: {} });
    const auditId = body.data.auditId;
    const received = await stream.done;
    const mine = received.filter((e) => e.data.subject?.id === auditId);
    expect(mine.filter((e) => e.event === 'progress').map((e) => e.data.progress)).toContain(100);
    expect(mine.at(-1)).toMatchObject({ event: 'completed', data: { name: 'ledger.verify', subject: { type: 'audit', id: auditId } } });
    const audit = await eventually(() => auditOf(platform, auditId), (a) => a.status === 'passed');
    expect(audit.finishedAt).not.toBeNull();
    expect(await eventsOf(platform, auditId)).toEqual(['AuditRequested', 'AuditStarted', 'AuditPassed']);
  });

  it('fails the run and names the first altered event when the log was tampered with', async () => {
    const first = (await call(platform, 'POST', '/manage/audits', { token, body: {} })).body.data.auditId;
    await eventually(() => auditOf(platform, first), (a) => a.status === 'passed');
    await eventually(
      () => sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_ledger`.execute(platform.database.db).then((r) => Number(r.rows[0].n)),
      (n) => n >= 3,
    );
    const { rows } = await sql<{ event_id: string }>`
      UPDATE events SET metadata = jsonb_set(metadata, '{actorId}', '"mallory"')
      WHERE global_position = (SELECT min(global_position) FROM events) RETURNING event_id`.execute(platform.database.db);
    const second = (await call(platform, 'POST', '/manage/audits', { token, body: {} })).body.data.auditId;
    const audit = await eventually(() => auditOf(platform, second), (a) => a.status === 'failed');
    expect(audit.firstBadEventId).toBe(rows[0].event_id);
  });
});

describe('a database made anew beside the same queues', () => {
  it("runs its jobs, though the queues still keep the old database's finished jobs", async () => {
    const first = await startPlatform();
    const prefix = first.config.redisPrefix;
    token = await signInAdmin(first);
    const before = (await call(first, 'POST', '/manage/audits', { token, body: {} })).body.data.auditId;
    await eventually(() => auditOf(first, before), (a) => a.status === 'passed');
    await first.stop();

    // A newcomer drops the demo database and starts again: its outbox counts from one again, under the same prefix.
    const second = await startPlatform({ config: { redisPrefix: prefix } });
    try {
      token = await signInAdmin(second);
      const after = (await call(second, 'POST', '/manage/audits', { token, body: {} })).body.data.auditId;
      await eventually(() => auditOf(second, after), (a) => a.status === 'passed');
    } finally {
      await second.stop();
    }
  });
});

describe('outbox during a Redis outage', () => {
  let redis: OwnRedis;
  let platform: Platform;
  beforeAll(async () => {
    redis = await ownRedis();
    platform = await startPlatform({ redisUrl: redis.url });
    token = await signInAdmin(platform);
  });
  afterAll(async () => {
    await platform.stop();
    await redis.stop();
  });

  it('accepts commands while Redis is down and runs their jobs once it is back, once', async () => {
    await redis.stop();
    const ready = await call(platform, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 503, errCode: 'UNAVAILABLE', data: { postgres: 'ok', redis: 'down', migrations: 'ok' } });

    const { status, body } = await call(platform, 'POST', '/manage/audits', { token, body: {} });
    expect(status).toBe(200);
    const auditId = body.data.auditId;
    await eventually(
      () => platform.database.db.selectFrom('outbox').select(['attempts', 'dispatched_at']).execute(),
      (rows) => rows.length === 1 && rows[0].attempts > 0 && rows[0].dispatched_at === null,
    );
    expect((await auditOf(platform, auditId)).status).toBe('requested');

    await redis.start();
    await eventually(() => auditOf(platform, auditId), (a) => a.status === 'passed', 30_000);
    expect((await call(platform, 'GET', '/readyz')).status).toBe(200);

    // Delivery is at least once: the same job run a second time must not change anything visible. BullMQ ignores
    // an add under the id of a job it still keeps, so the finished one is removed before the row is sent again.
    const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const queue = new Queue(jobQueue, { connection, prefix: platform.config.redisPrefix });
    try {
      const { job_id } = await platform.database.db.selectFrom('outbox').select('job_id').executeTakeFirstOrThrow();
      const jobId = outboxJobId(job_id);
      const first = await queue.getJob(jobId);
      expect(await first?.getState()).toBe('completed');
      await first!.remove();
      await platform.database.db.updateTable('outbox').set({ dispatched_at: null }).execute();
      const second = await eventually(() => queue.getJob(jobId), (job) => job?.finishedOn !== undefined, 30_000);
      expect(await second!.getState()).toBe('completed');
      expect(second!.returnvalue).toMatchObject({ ok: true });
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect(await eventsOf(platform, auditId)).toEqual(['AuditRequested', 'AuditStarted', 'AuditPassed']);
  });
});
