// Auto-recycle over the API and the real worker: a claim with a deadline sets a delayed BullMQ job that sends the
// expiry command; the item returns to its pool, a stale timer changes nothing, and the timer outlives a worker restart.
import type { INestApplicationContext } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducerRedis, jobQueue, outboxJobId } from '@annot/core';
import { seedDemo } from '../../scripts/src/seed-demo';
import { createWorkerApp } from '../../services/worker/src/worker.factory';
import { boxResult } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { adminAccount, adminPassword, signIn, signInAdmin } from '../support/sign-in';

/** A minute of a claim's deadline lasts this long here, so a 1-minute claim ends while the test watches. */
const minuteMs = 4000;

describe('auto-recycle', () => {
  let platform: Platform;
  let worker: INestApplicationContext | null = null;
  let queue: Queue;
  let admin: string;
  let tagger: string;
  let other: string;
  let projectId: string;
  let annotationLink: string;
  let toolId: string;

  const startWorker = async () => {
    worker = await createWorkerApp(platform.config);
    await worker.init();
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };

  const itemOf = async (itemId: string) => (await call(platform, 'GET', `/manage/items/${itemId}`, { token: admin })).body.data;
  const historyOf = async (itemId: string) =>
    (await call(platform, 'GET', `/manage/items/${itemId}/history`, { token: admin })).body.data as { type: string; data: { claimId?: string }; actorId: string }[];
  const claimOne = async (token: string): Promise<string> => {
    const claim = await call(platform, 'POST', `/manage/items/links/${annotationLink}/claims`, { token, body: { count: 1 } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.data.items).toHaveLength(1);
    return claim.body.data.items[0];
  };

  /** The timer a claim wrote, once the dispatcher has put it in Redis. */
  const timerOf = async (itemId: string): Promise<{ job: Job; runAt: Date }> => {
    const row = await eventually(
      () =>
        sql<{ job_id: string; run_at: Date; dispatched_at: Date | null }>`
          SELECT job_id::text, run_at, dispatched_at FROM outbox WHERE job_name = 'item.expire_claim' AND payload->>'itemId' = ${itemId}
          ORDER BY outbox.id DESC LIMIT 1`
          .execute(platform.database.db)
          .then((r) => r.rows[0]),
      (r) => r?.dispatched_at != null,
    );
    const job = await eventually(
      () => queue.getJob(outboxJobId(row.job_id)),
      (j) => j !== undefined,
    );
    return { job: job!, runAt: row.run_at };
  };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false, config: { claimMinuteMs: minuteMs } });
    await startWorker();
    queue = new Queue(jobQueue, { connection: createProducerRedis(platform.config.redisUrl), prefix: platform.config.redisPrefix });
    await seedDemo(platform.baseUrl, platform.database.url, { account: adminAccount, password: adminPassword }, { otherTypes: false });
    admin = await signInAdmin(platform);
    projectId = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items[0].id;
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    annotationLink = detail.links[0].id;
    toolId = detail.tools[0].toolId;
    const basics = await call(platform, 'PUT', `/manage/projects/${projectId}/basics`, {
      token: admin,
      body: { ...detail.basics, autoRecycle: { enabled: true, timeoutMinutes: 1 } },
    });
    expect(basics.status, JSON.stringify(basics.body)).toBe(200);
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { importing: unknown; items: number }[]) => batches.length > 0 && batches.every((b) => b.importing === null && b.items > 0),
    );
    tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const otherId = await createPerson(platform, admin, { role: '40', name: 'Second tagger', account: 'second@example.com', password: 'Tagger@123' });
    const members = (await call(platform, 'GET', `/manage/projects/${projectId}/members`, { token: admin })).body.data;
    const link = members.find((m: { linkId: string }) => m.linkId === annotationLink);
    const assigned = await call(platform, 'PUT', `/manage/projects/${projectId}/links/${annotationLink}/members`, {
      token: admin,
      body: { teamIds: link.teams.map((t: { id: string }) => t.id), taggerIds: [...link.taggers.map((t: { id: string }) => t.id), otherId] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    other = await signIn(platform, 'second@example.com', 'Tagger@123', 1);
    // The newcomer reads the annotation rule for its (shortened) countdown before its first claim.
    const rules = detail.rules;
    const shorter = { annotationRule: rules.annotationRule, countdownSeconds: 1, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: shorter })).status).toBe(200);
    expect((await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token: other })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
  });
  afterAll(async () => {
    await queue?.close();
    await stopWorker();
    await platform?.stop();
  });

  it('returns an item whose claim ran out to its pool, where another tagger claims it', async () => {
    // The newcomer claims: rework waiting for the demo tagger stays offered to it alone.
    const itemId = await claimOne(other);
    const claimed = await itemOf(itemId);
    expect(claimed).toMatchObject({ status: 'claimed' });
    const { job, runAt } = await timerOf(itemId);
    // The job waits in Redis until the claim's deadline: one (shortened) minute after the claim.
    expect(runAt.toISOString().slice(0, 19)).toBe(claimed.deadline.slice(0, 19));
    expect(job.data).toEqual({ itemId, claimId: expect.any(String), claimerId: claimed.claimerId });
    expect(await job.getState()).toBe('delayed');
    expect(job.timestamp + job.delay).toBeGreaterThanOrEqual(runAt.getTime() - 5);
    expect(job.timestamp + job.delay).toBeLessThanOrEqual(runAt.getTime() + 5);

    // Run early, the timer leaves the claim alone and waits again for the deadline, without spending an attempt.
    await job.promote();
    const early = await eventually(
      async () => ({ job: await queue.getJob(job.id!), state: await queue.getJobState(job.id!) }),
      ({ job: j, state }) => state === 'delayed' && (j?.processedOn ?? 0) > 0,
    );
    expect(early.job!.attemptsMade).toBe(0);
    expect((await itemOf(itemId)).status).toBe('claimed');

    await eventually(() => itemOf(itemId), (item) => item.status === 'waiting', minuteMs + 10_000);
    expect(await queue.getJobState(job.id!)).toBe('completed');
    const history = await historyOf(itemId);
    expect(history.at(-1)).toMatchObject({ type: 'ItemClaimExpired', actorId: 'system' });
    const again = await call(platform, 'POST', `/manage/items/links/${annotationLink}/claims`, { token: tagger, body: { count: 30 } });
    expect(again.body.data.items).toContain(itemId);
    for (const id of again.body.data.items as string[]) await call(platform, 'POST', `/manage/items/${id}/release`, { token: tagger });
  });

  it('leaves an item alone when its claim was submitted before the timer fired', async () => {
    const itemId = await claimOne(other);
    const { job } = await timerOf(itemId);
    const result = boxResult(toolId);
    expect((await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: other, body: { result } })).status).toBe(200);
    expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: other })).status).toBe(200);
    const before = await itemOf(itemId);

    await eventually(() => queue.getJobState(job.id!), (state) => state === 'completed', minuteMs + 10_000);
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ expired: false });
    expect(await itemOf(itemId)).toEqual(before);
    expect((await historyOf(itemId)).filter((e) => e.type === 'ItemClaimExpired' && e.data.claimId === job.data.claimId)).toEqual([]);
  });

  it('keeps the timer in Redis while no worker runs, and expires the claim when one starts', async () => {
    const itemId = await claimOne(other);
    const { job, runAt } = await timerOf(itemId);
    await stopWorker();
    expect(await queue.getJobState(job.id!)).toBe('delayed');
    // The deadline passes with no worker: the item stays claimed until one comes back.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, runAt.getTime() - Date.now()) + 500));
    expect((await itemOf(itemId)).status).toBe('claimed');

    await startWorker();
    await eventually(() => itemOf(itemId), (item) => item.status === 'waiting');
    const expiries = (await historyOf(itemId)).filter((e) => e.type === 'ItemClaimExpired' && e.data.claimId === job.data.claimId);
    expect(expiries).toHaveLength(1);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
