// A worker told to stop stops, with Redis there or gone: it gives up on a Redis that is away instead of waiting for it.
import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobQueue } from '@annot/core';
import { eventually } from '../support/platform';
import { ownRedis, type OwnRedis } from '../support/redis-server';
import { createTestDatabase, testRedis, type TestDatabase } from '../support/test-database';
import { cleanStop, servicesBuilt, startServiceProcess, terminate } from '../support/service-process';

// No processor listens on this queue, so a probe job only shows that the dispatcher reached Redis.
const probeQueue = 'shutdown-probe';

describe('a worker process', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let worker: ChildProcess | null = null;

  beforeEach(async () => {
    await servicesBuilt();
    database = await createTestDatabase();
    redis = await ownRedis();
  });
  afterEach(async () => {
    worker?.kill('SIGKILL');
    await redis.stop();
    await database.drop();
  });

  const addProbe = async () =>
    (await sql<{ id: string }>`INSERT INTO outbox (queue, job_name, payload) VALUES (${probeQueue}, 'probe', '{}') RETURNING id::text`.execute(database.db)).rows[0].id;
  const probe = async (id: string) =>
    (await sql<{ dispatched: boolean; attempts: number }>`SELECT dispatched_at IS NOT NULL AS dispatched, attempts FROM outbox WHERE id = ${id}`.execute(database.db)).rows[0];

  /** A worker that is up and connected: its jobs processor listens and its outbox dispatcher has reached Redis. */
  async function startConnectedWorker(): Promise<ChildProcess> {
    const prefix = testRedis().prefix;
    const child = startServiceProcess('worker', { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: prefix });
    const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const queue = new Queue(jobQueue, { connection, prefix });
    try {
      await eventually(() => queue.getWorkersCount(), (n) => n > 0, 30_000);
      const sent = await addProbe();
      await eventually(() => probe(sent), (row) => row.dispatched);
    } catch (error) {
      // A worker that never got up is not left running past its test.
      child.kill('SIGKILL');
      throw error;
    } finally {
      await queue.close();
      connection.disconnect();
    }
    return child;
  }

  it('stops on SIGTERM while Redis answers', async () => {
    worker = await startConnectedWorker();
    expect(await terminate(worker)).toEqual(cleanStop);
  }, 90_000);

  it('stops on SIGTERM while Redis is down', async () => {
    worker = await startConnectedWorker();
    await redis.stop();
    // The worker has noticed: a new outbox row is tried and stays pending.
    const pending = await addProbe();
    await eventually(() => probe(pending), (row) => row.attempts > 0);

    expect(await terminate(worker)).toEqual(cleanStop);
    expect(await probe(pending)).toMatchObject({ dispatched: false });
  }, 90_000);
});
