// Appends per second with 1 and 16 writers: our event store beside a raw INSERT per transaction and Emmett.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { EventStore } from '@annot/core';
import type { BenchDatabase } from './support/bench-database';
import { throughput } from './support/bench-database';
import type { Figure } from './support/figures';
import { sampleEvent } from './support/sample-event';

const seconds = 4;
const warmUpSeconds = 1;
const poolSize = 16;

interface Contender {
  name: string;
  append(writer: number, i: number): Promise<void>;
}

async function measure(contender: Contender, writers: number): Promise<number> {
  await throughput(writers, warmUpSeconds, contender.append);
  return throughput(writers, seconds, contender.append);
}

export async function appendBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const run = randomUUID().slice(0, 8);
  const store = new EventStore(bench.db);
  const versions = new Map<string, bigint>();
  const ours: Contender = {
    name: 'event store append',
    append: async (writer, i) => {
      const streamId = `bench-${run}-${writer}`;
      const version = versions.get(streamId) ?? 0n;
      const result = await store.append(streamId, version, [sampleEvent(writer, i)]);
      versions.set(streamId, result.version);
    },
  };

  const pool = new pg.Pool({ connectionString: bench.url, max: poolSize });
  await pool.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
  const rawPositions = new Map<number, number>();
  const raw: Contender = {
    name: 'raw INSERT per transaction',
    append: async (writer, i) => {
      const position = (rawPositions.get(writer) ?? 0) + 1;
      rawPositions.set(writer, position);
      const event = sampleEvent(writer, i);
      await pool.query('INSERT INTO raw_events (stream_id, stream_position, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)', [
        `raw-${run}-${writer}`,
        position,
        randomUUID(),
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      ]);
    },
  };

  const emmettPool = new pg.Pool({ connectionString: bench.url, max: poolSize });
  const emmett = getPostgreSQLEventStore(bench.url, { connectionOptions: { pooled: true, pool: emmettPool } });
  const emmettVersions = new Map<number, bigint>();
  const rival: Contender = {
    name: 'Emmett appendToStream',
    append: async (writer, i) => {
      const event = sampleEvent(writer, i);
      const result = await emmett.appendToStream(`emmett-${run}-${writer}`, [{ type: event.type, data: event.data as Record<string, unknown>, metadata: event.metadata as never }], {
        expectedStreamVersion: emmettVersions.get(writer) ?? 0n,
      });
      emmettVersions.set(writer, result.nextExpectedStreamVersion);
    },
  };

  const figures: Figure[] = [];
  for (const writers of [1, 16]) {
    const rates: Record<string, number> = {};
    for (const contender of [raw, ours, rival]) {
      rates[contender.name] = await measure(contender, writers);
      log(`  ${writers} writer(s), ${contender.name}: ${Math.round(rates[contender.name])}/s`);
    }
    figures.push(
      { name: `appends/s, ${writers} writer(s)`, unit: '/s', ours: rates[ours.name], baselineName: raw.name, baseline: rates[raw.name], targetRatio: writers === 16 ? 0.6 : undefined },
      { name: `appends/s, ${writers} writer(s)`, unit: '/s', ours: rates[ours.name], baselineName: rival.name, baseline: rates[rival.name], targetRatio: writers === 16 ? 1 : undefined },
    );
  }
  await emmett.close();
  await Promise.allSettled([pool.end(), emmettPool.end()]);
  return figures;
}
