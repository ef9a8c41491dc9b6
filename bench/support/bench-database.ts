// A scratch database for the benchmarks, dropped and created anew on the server the platform would use.
import pg from 'pg';
import { createDatabase, type Db, migrateToLatest } from '@annot/core';
import { resolvePostgres, withDatabase } from '../../scripts/src/local-services';

export interface BenchDatabase {
  url: string;
  db: Db;
  close(): Promise<void>;
}

export async function benchDatabase(name = 'annot_bench'): Promise<BenchDatabase> {
  const server = await resolvePostgres({ database: name });
  const admin = new pg.Client({ connectionString: withDatabase(server.url, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(server.url, name);
  const db = createDatabase(url, { max: 16 });
  await migrateToLatest(db);
  return {
    url,
    db,
    close: async () => {
      await db.destroy();
      await server.stop();
    },
  };
}

/** Runs `writers` loops for `seconds`, each calling `once(writer, i)`; returns operations per second. */
export async function throughput(writers: number, seconds: number, once: (writer: number, i: number) => Promise<void>): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await once(writer, i);
        done++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return done / elapsed;
}
