// Appends per second with 1 and 16 writers: our event store beside raw SQL that writes the same stream row and event
// row, and beside Emmett, in alternating rounds whose medians are compared; the rows each side wrote are counted in its
// table at the end.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { EventStore, WrittenNotifier } from '@annot/core';
import { type BenchDatabase, poolSize } from './support/bench-database';
import type { Figure } from './support/figures';
import { sampleEvent } from './support/sample-event';
import { alternate, median, throughput } from './support/timing';
import { checkWritten } from './support/written';

const writerCounts = [1, 16];
const warmUpSeconds = 1;
const seconds = 5;
/** Rounds of the three contenders in turn (raw, ours, Emmett, raw, ...), each a warm-up and a measurement. */
const rounds = 3;

interface Contender {
  name: string;
  /** The table its appends land in, one row each. */
  table: string;
  /** One single-event append by `writer`, to that writer's own stream. */
  append(writer: number, i: number): Promise<void>;
  /** Every append it made so far, warm-ups included. */
  appended(): number;
}

interface Stream {
  id: string;
  version: bigint;
}

/** A stream per writer and the version each is at, so every append names the right expected version. */
const writerStreams = (prefix: string): Stream[] =>
  Array.from({ length: Math.max(...writerCounts) }, () => ({ id: `${prefix}-${randomUUID()}`, version: 0n }));

/** Each stream's version is the appends made to it, since every one is a single event from version 0. */
const appendedTo = (streams: Stream[]) => () => Number(streams.reduce((sum, stream) => sum + stream.version, 0n));

/** One row per append in the contender's table, each at its own position of its stream: a rate over rows not there is void. */
function checkAppended(bench: BenchDatabase, contender: Contender): Promise<void> {
  const appended = contender.appended();
  return checkWritten(
    bench.db,
    contender.name,
    sql`SELECT count(*) AS rows, count(DISTINCT (stream_id, stream_position)) AS positions FROM ${sql.table(contender.table)}`,
    { rows: appended, positions: appended },
  );
}

/** Ours as the platform runs it: after its commits it tells the loops of every process, on a connection of its own. */
function ourStore(bench: BenchDatabase, notifier: WrittenNotifier): Contender {
  const store = new EventStore(bench.db, notifier);
  const streams = writerStreams('bench');
  return {
    name: 'event store append',
    table: 'events',
    appended: appendedTo(streams),
    append: async (writer, i) => {
      const stream = streams[writer];
      stream.version = (await store.append(stream.id, stream.version, [sampleEvent(writer, i)])).version;
    },
  };
}

/**
 * The least a versioned append must write, in raw SQL: the stream row checked at the expected version and bumped (or
 * inserted for a new stream), and the event row, into tables shaped like `streams` and `events` (columns, defaults,
 * identity, indexes), in one statement and one transaction. No function, no JSON payload, no answer beyond a count.
 */
async function rawAppend(pool: pg.Pool): Promise<Contender> {
  await pool.query('CREATE TABLE raw_streams (LIKE streams INCLUDING ALL)');
  await pool.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
  const streams = writerStreams('raw');
  const insertEvent = 'INSERT INTO raw_events (stream_id, stream_position, event_id, type, data, metadata) SELECT $1, version, $2, $3, $4, $5 FROM s';
  const opened = `WITH s AS (INSERT INTO raw_streams (stream_id, stream_type, version) VALUES ($1, 'raw', 1) ON CONFLICT (stream_id) DO NOTHING RETURNING version) ${insertEvent}`;
  const bumped = `WITH s AS (UPDATE raw_streams SET version = version + 1, updated_at = now() WHERE stream_id = $1 AND version = $6 RETURNING version) ${insertEvent}`;
  return {
    name: 'raw stream row + INSERT',
    table: 'raw_events',
    appended: appendedTo(streams),
    append: async (writer, i) => {
      const stream = streams[writer];
      const event = sampleEvent(writer, i);
      const values = [stream.id, randomUUID(), event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)];
      const { rowCount } = await pool.query(stream.version === 0n ? opened : bumped, stream.version === 0n ? values : [...values, stream.version.toString()]);
      if (rowCount !== 1) throw new Error(`raw stream ${stream.id} is not at version ${stream.version}`);
      stream.version++;
    },
  };
}

function emmettStore(emmett: ReturnType<typeof getPostgreSQLEventStore>): Contender {
  const streams = writerStreams('emmett');
  return {
    name: 'Emmett appendToStream',
    table: 'emt_messages',
    appended: appendedTo(streams),
    append: async (writer, i) => {
      const stream = streams[writer];
      const event = sampleEvent(writer, i);
      const result = await emmett.appendToStream(
        stream.id,
        [{ type: event.type, data: event.data as Record<string, unknown>, metadata: { ...event.metadata } }],
        { expectedStreamVersion: stream.version },
      );
      stream.version = result.nextExpectedStreamVersion;
    },
  };
}

export async function appendBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const rawPool = new pg.Pool({ connectionString: bench.url, max: poolSize });
  const emmettPool = new pg.Pool({ connectionString: bench.url, max: poolSize });
  // From here on pg parses jsonb with Emmett's reviver in this process (see run.ts); ours reads back only a small
  // JSON result per append, so that costs it little.
  const emmett = getPostgreSQLEventStore(bench.url, { connectionOptions: { pooled: true, pool: emmettPool } });
  const notifier = new WrittenNotifier(bench.url);
  try {
    // Emmett creates its tables on first use; done here, so that no warm-up or measurement pays for it.
    await emmett.schema.migrate();
    const [raw, ours, rival] = [await rawAppend(rawPool), ourStore(bench, notifier), emmettStore(emmett)];
    const figures: Figure[] = [];
    for (const writers of writerCounts) {
      const measure = (contender: Contender) => async (round: number) => {
        await throughput(writers, warmUpSeconds, contender.append);
        const rate = await throughput(writers, seconds, contender.append);
        log(`  ${writers} writer(s), round ${round + 1}, ${contender.name}: ${Math.round(rate)} appends/s`);
        return rate;
      };
      const measured = await alternate(rounds, { raw: measure(raw), ours: measure(ours), rival: measure(rival) });
      const figure = (baseline: 'raw' | 'rival', targetRatio: number) => ({
        name: `appends/s, ${writers} writer(s)`,
        ours: median(measured.ours),
        baselineName: { raw, rival }[baseline].name,
        baseline: median(measured[baseline]),
        targetRatio,
      });
      figures.push(figure('raw', 0.85), figure('rival', 1.25));
    }
    for (const contender of [raw, ours, rival]) await checkAppended(bench, contender);
    log(`  every append is a row of its table on all three sides`);
    return figures;
  } finally {
    await emmett.close();
    await Promise.allSettled([rawPool.end(), emmettPool.end(), notifier.close()]);
  }
}
