// Once per test run: choose PostgreSQL, Redis and an S3-compatible store (test-services.ts), migrate the template every
// test database is cloned from, and (for the integration tests, some of which run the API and the worker as they ship)
// build the services.
import type { TestProject } from 'vitest/node' with { 'resolution-mode': 'import' };
import { Kysely, PostgresDialect, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { migrateToLatest } from '@annot/core';
import { buildService } from './service-process';
import { type S3Store, type ServicesKind, startTestServices, type TestServices } from './test-services';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
    /** This run's databases are named `<runPrefix><something>`; the template is `<runPrefix>template`. */
    runPrefix: string;
    testServices: ServicesKind;
    /** The run's MinIO when the services are containers; s3-server.ts starts s3rver otherwise. */
    s3Store: S3Store | null;
    dockerHost: string | null;
  }
}

/** Databases of a crashed run are dropped once they are this old; younger ones may belong to a run still going. */
const abandonedAfterSeconds = 3 * 3600;

interface Run {
  services: TestServices;
  runPrefix: string;
  /** Projects whose files have not all finished: the last one to finish drops the run's databases. */
  projects: number;
  stop(): Promise<void>;
}

/**
 * One run for every project that names this set-up (the integration and the browser tests), so they share the
 * migrated template and the demo seeded once per run; vitest calls the set-up once for each of them.
 */
const runKey = Symbol.for('annot.test-run');
const runs = globalThis as unknown as { [runKey]?: Promise<Run> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` builds them beside the tests, and the files that start them wait for it (servicesBuilt).
  if (project.name === 'integration' && !process.env.SERVER_BUILD_MARK) for (const service of ['api', 'worker'] as const) buildService(service);
  const run = await (runs[runKey] ??= startRun());
  run.projects++;
  project.provide('postgresUrl', run.services.postgresUrl);
  project.provide('redisUrl', run.services.redisUrl);
  project.provide('runPrefix', run.runPrefix);
  project.provide('testServices', run.services.kind);
  project.provide('s3Store', run.services.s3);
  project.provide('dockerHost', run.services.dockerHost);
  return async () => {
    if (--run.projects === 0) await run.stop();
  };
}

async function startRun(): Promise<Run> {
  const services = await startTestServices();
  try {
    return await prepareRun(services);
  } catch (error) {
    await services.stop();
    throw error;
  }
}

async function prepareRun(services: TestServices): Promise<Run> {
  const admin = new pg.Client({ connectionString: services.postgresUrl });
  await admin.connect();
  // Each run has databases of its own, stamped with its start, so runs side by side never drop each other's.
  const now = Math.floor(Date.now() / 1000);
  const runPrefix = `annot_test_${now}_${randomBytes(3).toString('hex')}_`;
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'annot\\_test\\_%'`);
  for (const { datname } of rows) {
    const stamp = Number(/^annot_test_(\d+)_/.exec(datname)?.[1] ?? 0);
    if (now - stamp > abandonedAfterSeconds) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  const templateDatabase = `${runPrefix}template`;
  await admin.query(`CREATE DATABASE "${templateDatabase}"`);
  await admin.end();

  const template = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(services.postgresUrl, templateDatabase), max: 1 }) }),
  });
  await migrateToLatest(template);
  await sql`SELECT 1`.execute(template);
  await template.destroy();

  return {
    services,
    runPrefix,
    projects: 0,
    stop: async () => {
      await dropRun(services.postgresUrl, runPrefix);
      await deleteRunKeys(services.redisUrl, runPrefix);
      await services.stop();
    },
  };
}

/** The start of every Redis key prefix of a run's files (`testRedis`): its database prefix, in the keys' dashes. */
export const runKeyPrefix = (runPrefix: string): string => runPrefix.replaceAll('_', '-');

/** The keys the run's files left in Redis (their queues' jobs), as its databases are dropped at its end. */
async function deleteRunKeys(url: string, runPrefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${runKeyPrefix(runPrefix)}*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dropRun(url: string, runPrefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [runPrefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
