// The API process told to stop stops, with Redis there or gone: its job stream lets go of Redis instead of waiting for it.
import type { ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/platform';
import { freePort, ownRedis, type OwnRedis } from '../support/redis-server';
import { cleanStop, servicesBuilt, startServiceProcess, terminate } from '../support/service-process';
import { createTestDatabase, testRedis, type TestDatabase } from '../support/test-database';

describe('an API process', () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let api: ChildProcess | null = null;

  beforeEach(async () => {
    await servicesBuilt();
    database = await createTestDatabase();
    redis = await ownRedis();
  });
  afterEach(async () => {
    api?.kill('SIGKILL');
    await redis.stop();
    await database.drop();
  });

  const readiness = (port: number) => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0);

  async function startApi(): Promise<{ child: ChildProcess; port: number }> {
    const port = await freePort();
    const child = startServiceProcess('api', { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: testRedis().prefix, PORT: String(port) });
    // An API that never got ready is not left running past its test.
    await eventually(() => readiness(port), (status) => status === 200, 30_000).catch((error) => {
      child.kill('SIGKILL');
      throw error;
    });
    return { child, port };
  }

  it('stops on SIGTERM while Redis answers', async () => {
    const started = await startApi();
    api = started.child;
    expect(await terminate(api)).toEqual(cleanStop);
  }, 90_000);

  it('stops on SIGTERM while Redis is down', async () => {
    const started = await startApi();
    api = started.child;
    await redis.stop();
    await eventually(() => readiness(started.port), (status) => status === 503);
    expect(await terminate(api)).toEqual(cleanStop);
  }, 90_000);
});
