// A scratch database for the benchmarks, dropped and created anew on the server the platform would use; with
// BENCH_KEEP_DATABASE=1 one left by an earlier run of the same benchmark is kept (and migrated), for a benchmark that
// takes an hour to grow its data and resumes where it stopped (scale).
import pg from 'pg';
import { createDatabase, type Db, migrateToLatest } from '@annot/core';
import { resolvePostgres, withDatabase } from '../../scripts/src/local-services';

export interface BenchDatabase {
  url: string;
  db: Db;
  /** Where the server came from: DATABASE_URL, the default local port, or an embedded one. */
  source: string;
  close(): Promise<void>;
}

/** Every pool of the benchmarks has this many connections, so contenders race on equal terms. */
export const poolSize = 16;

export async function benchDatabase(name = 'annot_bench'): Promise<BenchDatabase> {
  // Only the server is wanted here: its maintenance database answers, and the scratch one is made below.
  const server = await resolvePostgres({ database: 'postgres' });
  try {
    const admin = new pg.Client({ connectionString: withDatabase(server.url, 'postgres') });
    await admin.connect();
    try {
      const kept = process.env.BENCH_KEEP_DATABASE === '1' && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
      if (!kept) {
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
      }
    } finally {
      await admin.end();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = withDatabase(server.url, name);
  const db = createDatabase(url, { max: poolSize });
  await migrateToLatest(db);
  return {
    url,
    db,
    source: server.source,
    close: async () => {
      await db.destroy();
      await server.stop();
    },
  };
}
