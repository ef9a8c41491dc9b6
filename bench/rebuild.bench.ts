// Rebuilding the management log from 1,000,000 events beside a raw keyset read of the same events.
import pg from 'pg';
import { sql } from 'kysely';
import { type Db, managementLogProjection, type Projection, rebuildInto } from '@annot/core';
import type { BenchDatabase } from './support/bench-database';
import { generateLog } from './support/event-generator';
import type { Figure } from './support/figures';
import { timed } from './support/timing';

const shape = { streams: 10_000, eventsPerStream: 100, eventsPerTransaction: 1_000 };
const pageSize = 10_000;

/**
 * The baseline: read every event in log order, a keyset page at a time, into JS objects, and nothing more.
 * The ORDER BY names the table's columns: a bare tx_id would sort by the text alias and sort every page.
 */
async function rawRead(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let after = ['0', '0'];
    let count = 0;
    for (;;) {
      const { rows } = await client.query<{ tx_id: string; global_position: unknown }>(
        `SELECT global_position, tx_id::text AS tx_id, stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at
         FROM events WHERE (tx_id, global_position) > ($1::xid8, $2::bigint)
         ORDER BY events.tx_id, events.global_position LIMIT ${pageSize}`,
        after,
      );
      if (rows.length === 0) return count;
      count += rows.length;
      const last = rows[rows.length - 1];
      after = [last.tx_id, String(last.global_position)];
    }
  } finally {
    await client.end();
  }
}

/** What the worker's runner would have stored once it had caught up with the whole log. */
async function markCaughtUp(db: Db, projection: string): Promise<void> {
  await sql`
    INSERT INTO projection_checkpoints (projection, tx_id, global_position)
    SELECT ${projection}, tx_id, global_position FROM events ORDER BY tx_id DESC, global_position DESC LIMIT 1`.execute(db);
}

class RolledBack extends Error {
  constructor(readonly count: number) {
    super('rolled back');
  }
}

/** Runs `rebuildInto` as replay does, in one REPEATABLE READ transaction, and rolls everything back. */
async function rebuild(db: Db, projection: Projection): Promise<number> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      throw new RolledBack(await rebuildInto(trx, 'bench_rebuild', [projection], { pageSize, reader: db }));
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.count;
      throw error;
    });
}

// The same read as the rebuild with nothing applied: what is left of the rebuild's time is the projection's.
const readOnly: Projection = { ...managementLogProjection, tables: [], apply: async () => undefined };

export async function rebuildBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const generated = await timed(() => generateLog(bench.db, shape));
  log(`  generated ${generated.value.toLocaleString('en-US')} events in ${generated.seconds.toFixed(1)} s`);
  await markCaughtUp(bench.db, managementLogProjection.name);

  const runs = [
    ['raw keyset read', () => rawRead(bench.url)],
    ['core read (rebuildInto, no-op apply)', () => rebuild(bench.db, readOnly)],
    ['rebuildInto management log', () => rebuild(bench.db, managementLogProjection)],
  ] as const;
  const rates: number[] = [];
  for (const [name, run] of runs) {
    const { value, seconds } = await timed(run);
    if (value !== generated.value) log(`  WARNING: ${name} saw ${value} events, not ${generated.value}`);
    log(`  ${name}: ${value.toLocaleString('en-US')} events in ${seconds.toFixed(2)} s`);
    rates.push(value / seconds);
  }
  const [raw, coreRead, rebuilt] = rates;
  // The next page is read while the current one is applied, so the two shares overlap rather than add up.
  log(`  reading the log alone takes ${Math.round((100 * rebuilt) / coreRead)}% of the rebuild's time; applying the projection takes the rest, reads overlapping`);
  return [
    { name: 'rebuild, events/s', ours: rebuilt, baselineName: runs[0][0], baseline: raw, absolute: 50_000 },
    { name: 'core log read, events/s', ours: coreRead, baselineName: runs[0][0], baseline: raw },
  ];
}
