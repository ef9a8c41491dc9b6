// The demo is seeded once per test run into a database of its own, which every file that starts the demo then clones:
// seeding over HTTP (imports, the rule's countdown, the demo work) takes far longer than a copy of its database.
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createWorkerRedis, jobQueue } from '@annot/core';
import { eventually } from './eventually';
import { startPlatform, type Platform } from './platform';
import { createTestDatabase, runDatabaseName, type TestDatabase } from './test-database';

/**
 * A clone of the database `seed` filled on a platform of its own, seeded by the first file of the run that asks
 * for `name` while the others wait for it. Every stored file a seeding writes is named by its own id, and every test
 * platform shares the same folders, so a clone finds the seeded files where its rows say they are.
 */
export async function cloneSeeded(name: string, seed: (platform: Platform) => Promise<void>): Promise<TestDatabase> {
  const template = `seeded_${name}`;
  await seededOnce(template, seed);
  const database = await createTestDatabase({ template });
  await requeueTimers(database);
  return database;
}

/** One seeding per name and run: the first caller seeds under an advisory lock, which later callers wait on. */
async function seededOnce(template: string, seed: (platform: Platform) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  try {
    const lock = runDatabaseName(template);
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [lock]);
    if (rowCount === 0) {
      const platform = await startPlatform();
      try {
        await seed(platform);
        await settled(platform);
      } catch (error) {
        await platform.stop();
        throw error;
      }
      await platform.stop({ keepDatabase: true });
      // Renamed only once complete, so a seeding that failed half-way is never cloned.
      await admin.query(`ALTER DATABASE "${platform.database.name}" RENAME TO "${lock}"`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Waits until every job the seeding asked for has run but the timers (delayed jobs), which stay in this platform's
 * Redis prefix: a clone has a prefix of its own and is given them again (requeueTimers).
 */
async function settled(platform: Platform): Promise<void> {
  const connection = createWorkerRedis(platform.config.redisUrl);
  const queue = new Queue(jobQueue, { prefix: platform.config.redisPrefix, connection });
  try {
    await eventually(
      async () => {
        const pending = await sql<{ count: string }>`SELECT count(*) FROM outbox WHERE dispatched_at IS NULL`.execute(platform.database.db);
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
        return { undispatched: Number(pending.rows[0].count), unfinished: Object.values(counts).reduce((sum, count) => sum + count, 0) };
      },
      ({ undispatched, unfinished }) => undispatched === 0 && unfinished === 0,
      120_000,
    );
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** A timer whose time is still to come is dispatched again, into the clone's own Redis prefix. */
async function requeueTimers(database: TestDatabase): Promise<void> {
  await sql`UPDATE outbox SET dispatched_at = NULL WHERE dispatched_at IS NOT NULL AND run_at > now()`.execute(database.db);
}
