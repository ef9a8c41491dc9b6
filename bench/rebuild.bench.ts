// Rebuilding a projection from 1,000,000 events beside a raw sequential read of the same events.
import pg from 'pg';
import { sql } from 'kysely';
import { managementLogProjection, rebuildInto } from '@annot/core';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';

const total = 1_000_000;
const streams = 10_000;
const pageSize = 10_000;

async function generateEvents(bench: BenchDatabase): Promise<void> {
  await sql`
    INSERT INTO streams (stream_id, stream_type, version)
    SELECT 'item-' || s, 'item', ${total / streams} FROM generate_series(1, ${streams}) s`.execute(bench.db);
  await sql`
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
    SELECT 'item-' || (n % ${streams} + 1), n / ${streams} + 1, gen_random_uuid(), 'ItemAnnotated',
           jsonb_build_object('itemId', md5(n::text), 'objects', n % 17, 'label', 'car', 'seconds', n % 60,
                              'box', jsonb_build_object('x', n % 1920, 'y', n % 1080, 'w', 64, 'h', 48)),
           jsonb_build_object('actorId', md5((n % 500)::text), 'actorRole', '40', 'commandId', md5(n::text),
                              'correlationId', md5(n::text), 'causationId', null, 'requestId', null,
                              'clientIp', '10.0.0.12', 'machine', 'item@1')
    FROM generate_series(0, ${total - 1}) n`.execute(bench.db);
  await sql`ANALYZE events`.execute(bench.db);
}

/** The baseline: read every event in log order, a keyset page at a time, and do nothing with it. */
async function rawRead(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let after: [string, string] = ['0', '0'];
  let count = 0;
  for (;;) {
    const { rows } = await client.query<{ tx_id: string; global_position: string }>(
      `SELECT global_position, tx_id::text AS tx_id, stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at
       FROM events WHERE (events.tx_id, events.global_position) > ($1::xid8, $2::bigint)
       ORDER BY events.tx_id, events.global_position LIMIT ${pageSize}`,
      after,
    );
    if (rows.length === 0) break;
    count += rows.length;
    const last = rows[rows.length - 1];
    after = [last.tx_id, last.global_position];
  }
  await client.end();
  return count;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

class RolledBack extends Error {}

export async function rebuildBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const generated = await timed(() => generateEvents(bench));
  log(`  generated ${total.toLocaleString('en-US')} events in ${generated.seconds.toFixed(1)} s`);
  const read = await timed(() => rawRead(bench.url));
  log(`  raw read: ${read.value} events in ${read.seconds.toFixed(2)} s`);
  // Rebuilt as if inline, so it covers every event rather than stopping at a live checkpoint.
  const projection = { ...managementLogProjection, mode: 'inline' as const };
  const rebuilt = await timed(() =>
    bench.db
      .transaction()
      .execute(async (trx) => {
        const count = await rebuildInto(trx, 'bench_rebuild', [projection], { pageSize });
        throw Object.assign(new RolledBack(), { count });
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return (error as RolledBack & { count: number }).count;
        throw error;
      }),
  );
  log(`  rebuild: ${rebuilt.value} events in ${rebuilt.seconds.toFixed(2)} s`);
  return [
    { name: 'projection rebuild, events/s', unit: '/s', ours: rebuilt.value / rebuilt.seconds, baselineName: 'raw sequential read', baseline: read.value / read.seconds, absolute: 50_000 },
  ];
}
