// The Kysely handle on PostgreSQL, and the migrator that brings a database to the current schema.
import { Kysely, type MigrationProvider, type MigrationResultSet, Migrator, PostgresDialect } from 'kysely';
import { migrations } from '@annot/migrations';
import pg from 'pg';
import { fillLifecycleStates, lifecycleStatesMigration } from '../projections/lifecycle-state-backfill';
import type { Database } from './database.types';
import { PreparingClient } from './preparing-client';

export type Db = Kysely<Database>;

const int8 = 20;
/** 64-bit integers stay strings here, whatever another library set as pg's global parser. */
const types = { getTypeParser: ((oid: number, format?: string) => (oid === int8 ? (value: string) => value : pg.types.getTypeParser(oid, format as never))) as typeof pg.types.getTypeParser };

/**
 * `prepared`: statements a connection runs again are kept prepared on it (`PreparingClient`); off where a pooler
 * in transaction mode goes between the platform and PostgreSQL without taking prepared statements along.
 */
export function createDatabase(url: string, options: { max?: number; prepared?: boolean } = {}): Db {
  const Client = options.prepared === false ? pg.Client : PreparingClient;
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, options: '-c TimeZone=UTC', types, Client });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function createMigrator(db: Kysely<unknown>): Migrator {
  // Contexts built side by side number their migrations ahead of time, so one may land after a later number ran.
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  if (result.error) throw result.error;
  // Rows written before they kept their lifecycle's state get it from the log, by the projections' own folds.
  if (result.results?.some((r) => r.migrationName === lifecycleStatesMigration && r.status === 'Success')) await fillLifecycleStates(db);
  return result;
}

export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
