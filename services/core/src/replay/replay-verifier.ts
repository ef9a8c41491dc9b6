// Rebuilds every projection from the first event into fresh tables and compares them with the live ones.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/database.types';
import { type LogCursor, logStart } from '../events/stored-event';
import { verifyLedger, type LedgerVerdict } from '../ledger/verify-ledger';
import type { Projection } from '../projections/projection';
import { applyPage, type ProjectionPage, readPage } from '../projections/projection-page';
import { readCheckpoint } from '../projections/projection-runner';
import { createIndexes, dropSecondaryIndexes } from '../projections/rebuild-indexes';

export interface TableComparison {
  projection: string;
  table: string;
  liveRows: number;
  rebuiltRows: number;
  /** Rows only in the live table, then rows only in the rebuilt one (a few of each, as JSON). */
  onlyLive: unknown[];
  onlyRebuilt: unknown[];
  missingCount: number;
  extraCount: number;
}

export interface ReplayReport {
  events: number;
  tables: TableComparison[];
  ledger: LedgerVerdict;
  ok: boolean;
}

export interface RebuildOptions {
  pageSize?: number;
  onProgress?: (projection: string, events: number) => void;
  /**
   * A pool to read the log from on a second connection that shares the rebuild's snapshot, so the next
   * page is read while the projection applies the current one. Without it, reading and applying take turns.
   */
  reader?: Kysely<Database>;
}

/**
 * Runs every projection's own code over the log into tables of `schema`. Inline projections see every
 * visible event; async ones stop at their live checkpoint, so both sides cover the same events.
 */
export async function rebuildInto(
  trx: Transaction<Database>,
  schema: string,
  projections: Projection[],
  options: RebuildOptions = {},
): Promise<number> {
  const pageSize = options.pageSize ?? 10_000;
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
  // The indexes each projection may go without while it is filled, built once it is.
  const dropped = new Map<Projection, string[]>();
  for (const projection of projections) {
    const copies = projection.tables.map((table) => `${schema}.${table}`);
    for (const [i, table] of projection.tables.entries()) {
      // Unlogged: the fresh copies live only as long as the check, so they need no write-ahead log.
      await sql`CREATE UNLOGGED TABLE ${sql.table(copies[i])} (LIKE ${sql.table(`public.${table}`)} INCLUDING ALL)`.execute(trx);
    }
    if (projection.indexesAfterRebuild) dropped.set(projection, await dropSecondaryIndexes(trx, copies));
  }
  // Projections name their tables without a schema; the search path sends them to the fresh copies.
  await sql`SELECT set_config('search_path', ${schema}, true)`.execute(trx);
  let replayed = 0;
  await withLogReader(trx, options.reader, async (reader) => {
    for (const projection of projections) {
      const until: LogCursor | undefined = projection.mode === 'async' ? await readCheckpoint(publicDb(trx), projection.name) : undefined;
      let count = 0;
      for await (const page of pagesOf(reader, pageSize, until, projection)) {
        await applyPage(trx, projection, page);
        count += page.size;
        options.onProgress?.(projection.name, count);
      }
      await createIndexes(trx, dropped.get(projection) ?? []);
      replayed = Math.max(replayed, count);
    }
  });
  await sql`SELECT set_config('search_path', 'public', true)`.execute(trx);
  return replayed;
}

/** Pages of the visible log in order, the next one already on its way while the caller works on the current. */
async function* pagesOf(reader: Kysely<Database>, pageSize: number, until: LogCursor | undefined, projection: Projection): AsyncGenerator<ProjectionPage> {
  const read = (after: LogCursor) => readPage(reader, projection, { after, limit: pageSize, horizon: 'visible', until });
  let next = read(logStart);
  for (;;) {
    const page = await next;
    if (!page) return;
    next = read(page.last);
    // A read that fails while the caller is still busy must not go unhandled; the await above rethrows it.
    next.catch(() => undefined);
    yield page;
  }
}

/**
 * Runs `work` with a reader that sees exactly the snapshot of `trx`: a second connection whose
 * REPEATABLE READ transaction imports the exported snapshot, or `trx` itself when no pool is given.
 */
async function withLogReader(trx: Transaction<Database>, pool: Kysely<Database> | undefined, work: (reader: Kysely<Database>) => Promise<void>): Promise<void> {
  if (!pool) return work(trx);
  const { rows } = await sql<{ snapshot: string }>`SELECT pg_export_snapshot() AS snapshot`.execute(trx);
  await pool.connection().execute(async (connection) => {
    await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(connection);
    try {
      await sql`SET TRANSACTION SNAPSHOT ${sql.lit(rows[0].snapshot)}`.execute(connection);
      await work(connection);
    } finally {
      await sql`ROLLBACK`.execute(connection);
    }
  });
}

export async function compareTable(
  trx: Transaction<Database>,
  schema: string,
  projection: string,
  table: string,
  sampleSize = 5,
): Promise<TableComparison> {
  const live = sql.table(`public.${table}`);
  const rebuilt = sql.table(`${schema}.${table}`);
  // Rows compared as jsonb: every column type then has equality, json columns included.
  const diff = async (a: typeof live, b: typeof live) => {
    const { rows } = await sql<{ total: string; sample: unknown[] | null }>`
      WITH d AS (SELECT to_jsonb(x) AS r FROM ${a} x EXCEPT ALL SELECT to_jsonb(y) FROM ${b} y)
      SELECT count(*)::text AS total, (SELECT json_agg(r) FROM (SELECT r FROM d LIMIT ${sampleSize}) s) AS sample FROM d`.execute(trx);
    return { total: Number(rows[0].total), sample: rows[0].sample ?? [] };
  };
  const count = async (t: typeof live) =>
    Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${t}`.execute(trx)).rows[0].n);
  const missing = await diff(live, rebuilt);
  const extra = await diff(rebuilt, live);
  return {
    projection,
    table,
    liveRows: await count(live),
    rebuiltRows: await count(rebuilt),
    onlyLive: missing.sample,
    onlyRebuilt: extra.sample,
    missingCount: missing.total,
    extraCount: extra.total,
  };
}

/**
 * One REPEATABLE READ snapshot for the whole check, so writers that keep going cannot make the live
 * and rebuilt sides disagree. Everything it creates is rolled back.
 */
export async function verifyReplay(
  db: Kysely<Database>,
  projections: Projection[],
  options: RebuildOptions = {},
): Promise<ReplayReport> {
  const schema = `replay_${randomBytes(6).toString('hex')}`;
  let report: ReplayReport | undefined;
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const events = await rebuildInto(trx, schema, projections, { reader: db, ...options });
      const tables: TableComparison[] = [];
      for (const projection of projections) {
        for (const table of projection.tables) tables.push(await compareTable(trx, schema, projection.name, table));
      }
      const ledger = await verifyLedger(trx);
      const ok = ledger.ok && tables.every((t) => t.missingCount === 0 && t.extraCount === 0);
      report = { events, tables, ledger, ok };
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return report!;
}

class RolledBack extends Error {}

const publicDb = (trx: Transaction<Database>) => trx.withSchema('public');
