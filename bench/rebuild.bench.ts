// Rebuilding the management log from 1,000,000 events as a worker does it, committed into the live logged table,
// beside a raw keyset read of the same events; and, for information, the throw-away rebuild of replay --verify. The
// three run in alternating rounds and their medians are compared, so a slower stretch of a shared machine falls on each.
//
// A rebuild from empty goes without the log's secondary indexes and builds them once caught up (the runner, and replay
// --verify in its copy). Measured 2026-11-30 on the shared two-core machine beside other benchmarks and tests: 0.57x
// (own tests running beside it), 0.51x, 0.67x, and replay --verify 0.99x, 0.56x, 0.85x; the run before the change 0.63x
// and 0.51x. The lever alone, the same worker rebuild with and without dropping them in alternating rounds, was within
// the noise (52.5 and 55.7 s against 49.9 and 57.0 s): the generated events named no project, so only the recent-first
// index had rows, and the rows' summaries were most of the work. On a log whose events name projects (7 in 10 a
// project, 1 in 10 a set), inserting 300,000 rows took 7.0 and 6.2 s with the three indexes, 3.2 and 2.7 s without them
// and 1.6 s to build them after. The generated events now name projects so, as real ones do: 2026-11-30, on the
// machine loaded by three other benchmarks (load 17 to 19), 0.62x (medians of 175 s against the raw read's 109 s),
// replay --verify 0.56x.
// On a fresh quiet machine (2026-11-30), medians of three rounds: 0.47x (19.6 s against the raw read's 9.2 s), replay
// --verify 0.50x. Timed by itself, the log's INSERT of 1,000,000 events took 14.5 s, 8 of them in the path test for
// secret keys and long arrays: `keyvalue()` copies every value into an object of its own. The log now looks for
// secret keys in the event's printed text, which it prints once for the log as well, and for long arrays with a path
// over the values alone: the INSERT 11.2 s, the rebuild 0.54x (16.5 s against 9.2 s), replay --verify 0.60x. Of the
// rest, the project's uuid test costs about 2 s and the summary's printing and parsing about 3.5 s.
// Timed alone on an unlogged copy (2026-11-30, same machine), the INSERT of 1,000,000 rows took 8.1 s: 0.8 s for the
// plain columns, 1.2 s the uuid test, 1.5 s printing the data, 0.7 s parsing it as json, 2.2 s the secret keys' regex
// and 0.5 s the long arrays' path. Into a logged table, the same INSERT in two halves on two connections took 5.6 s
// against 9.6 s in one. A rebuild from empty now applies each batch so (projection-runner.ts), each row written
// ON CONFLICT DO NOTHING (about a tenth more) so that a half committed without the other is harmless: three runs,
// 0.85x, 0.83x, 0.82x (8.8 to 9.0 s against the raw read's 7.2 to 7.5 s), replay --verify, still one connection,
// 0.66x to 0.68x.
import pg from 'pg';
import { sql } from 'kysely';
import { catchUp, type Db, managementLogProjection, type Projection, rebuildInto } from '@annot/core';
import type { BenchDatabase } from './support/bench-database';
import { generateLog } from './support/event-generator';
import type { Figure } from './support/figures';
import { alternate, median, timed } from './support/timing';
import { checkWritten } from './support/written';

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

/**
 * The rebuild a user gets: a worker catching the projection up from the first event (a new or reset projection),
 * into the live, logged table, each batch committed with its checkpoint, in the worker's batch size.
 */
async function catchUpFromStart(db: Db, projection: Projection): Promise<void> {
  for (const table of projection.tables) await sql`TRUNCATE ${sql.table(table)}`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE projection = ${projection.name}`.execute(db);
  await catchUp(db, projection);
}

class RolledBack extends Error {
  constructor(readonly count: number) {
    super('rolled back');
  }
}

/**
 * What `replay --verify` does before it compares: `rebuildInto` fresh unlogged tables in one REPEATABLE READ
 * transaction, which it then throws away. The rebuilt rows are checked before the rollback.
 */
async function verifyRebuild(db: Db, projection: Projection, events: number): Promise<number> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const count = await rebuildInto(trx, 'bench_rebuild', [projection], { pageSize, reader: db });
      await checkWritten(trx, 'the replay --verify rebuild', sql`SELECT count(*) AS rows FROM bench_rebuild.management_log`, { rows: events });
      throw new RolledBack(count);
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.count;
      throw error;
    });
}

/** Rounds of the three in turn (raw read, rebuild, verify rebuild, raw read, ...); their medians are compared. */
const rounds = 3;

export async function rebuildBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const projection = managementLogProjection;
  const generated = await timed(() => generateLog(bench.db, shape));
  const events = generated.value;
  log(`  generated ${events.toLocaleString('en-US')} events in ${generated.seconds.toFixed(1)} s`);
  const rate = (name: string, round: number, seconds: number) => {
    log(`  round ${round + 1}, ${name}: ${events.toLocaleString('en-US')} events in ${seconds.toFixed(2)} s`);
    return events / seconds;
  };

  const measured = await alternate(rounds, {
    raw: async (round: number) => {
      const raw = await timed(() => rawRead(bench.url));
      if (raw.value !== events) throw new Error(`the raw keyset read saw ${raw.value} events, not ${events}`);
      return rate('raw keyset read', round, raw.seconds);
    },
    rebuilt: async (round: number) => {
      const rebuilt = await timed(() => catchUpFromStart(bench.db, projection));
      await checkWritten(
        bench.db,
        'the rebuild',
        sql`SELECT count(*) AS rows, count(DISTINCT global_position) AS positions,
                   ((SELECT global_position FROM projection_checkpoints WHERE projection = ${projection.name}) = (SELECT max(global_position) FROM events))::int AS at_last_event
            FROM management_log`,
        { rows: events, positions: events, at_last_event: 1 },
      );
      return rate('rebuild as a worker runs it (live logged management_log, each batch committed with its checkpoint)', round, rebuilt.seconds);
    },
    verified: async (round: number) => {
      const verified = await timed(() => verifyRebuild(bench.db, projection, events));
      if (verified.value !== events) throw new Error(`the replay --verify rebuild read ${verified.value} events, not ${events}`);
      return rate('replay --verify rebuild (unlogged scratch tables, rolled back)', round, verified.seconds);
    },
  });

  const rawRate = median(measured.raw);
  return [
    { name: 'rebuild (committed), events/s', ours: median(measured.rebuilt), baselineName: 'raw keyset read', baseline: rawRate, targetRatio: 0.6 },
    { name: 'replay --verify rebuild, ev/s', ours: median(measured.verified), baselineName: 'raw keyset read', baseline: rawRate },
  ];
}
