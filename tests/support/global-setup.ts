// Once per test run: find or start PostgreSQL and Redis, and migrate the template every test database is cloned from.
import type { TestProject } from 'vitest/node';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@annot/core';
import { resolvePostgres, resolveRedis } from '../../scripts/src/local-services';

export const templateDatabase = 'annot_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await resolvePostgres({ database: 'postgres' });
  const redis = await resolveRedis();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  // Old clones of crashed runs would pile up; the template is rebuilt so it always has the current schema.
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'annot_test_%'`,
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${templateDatabase}"`);
  await admin.end();

  const template = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(postgres.url, templateDatabase), max: 1 }) }),
  });
  await migrateToLatest(template);
  await sql`SELECT 1`.execute(template);
  await template.destroy();

  project.provide('postgresUrl', postgres.url);
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await postgres.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
