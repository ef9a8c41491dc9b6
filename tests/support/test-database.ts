// Per test file: a database cloned from the migrated template (or from a seeded one) and a Redis key prefix of its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Db } from '@annot/core';
import { runKeyPrefix, withDatabase } from './global-setup';

export interface TestDatabase {
  url: string;
  name: string;
  db: Db;
  /** Closes the pool and leaves the database, so it can serve as a template. */
  close(): Promise<void>;
  drop(): Promise<void>;
}

/** This run's databases are named `<runPrefix><name>`, so the run's end drops them all. */
export const runDatabaseName = (name: string): string => `${inject('runPrefix')}${name}`;

/** `template` names a database of this run to clone (without the run's prefix); the migrated empty one by default. */
export async function createTestDatabase(options: { max?: number; template?: string } = {}): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  const name = runDatabaseName(randomBytes(5).toString('hex'));
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${runDatabaseName(options.template ?? 'template')}"`);
  const url = withDatabase(serverUrl, name);
  const db = createDatabase(url, { max: options.max ?? 10 });
  return {
    url,
    name,
    db,
    close: () => db.destroy(),
    drop: async () => {
      await db.destroy();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A Redis key prefix of the file's own, under its run's, so the run's end deletes what the file left. */
export function testRedis(): { url: string; prefix: string } {
  return { url: inject('redisUrl'), prefix: `${runKeyPrefix(inject('runPrefix'))}${randomBytes(4).toString('hex')}` };
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // CREATE DATABASE ... TEMPLATE fails while another session is cloning the same template.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(text);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await client.end();
  }
}
