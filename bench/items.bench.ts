// Registering 1,000,000 data items from a manifest through the import's own path (events and inline projection)
// beside a raw COPY of the same rows into a scratch table shaped like items.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { batchItemsStreamId, type ChunkItem } from '@annot/workflows';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { chunkSize, registerThroughImport } from './support/register-items';
import { timed } from './support/timing';
import { checkWritten } from './support/written';

const items = 1_000_000;

type ManifestRow = ChunkItem;

/** A manifest as an import would list it: one line per file, tab-separated. */
async function writeManifest(file: string): Promise<void> {
  const lines: string[] = [];
  for (let i = 0; i < items; i++) {
    const name = `frames/${String(Math.floor(i / 1000)).padStart(4, '0')}/${String(i).padStart(7, '0')}.jpg`;
    const checksum = i.toString(16).padStart(64, '0');
    lines.push(`${name}\tbatches/bench/${name}\t${200_000 + (i % 5000)}\timage/jpeg\t1920\t1080\t${checksum}`);
  }
  await writeFile(file, `${lines.join('\n')}\n`);
}

async function* readManifest(file: string): AsyncGenerator<ManifestRow> {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const [fileName, location, size, mediaType, width, height, checksum] = line.split('\t');
    yield { fileName, path: location, size: Number(size), mediaType, width: Number(width), height: Number(height), checksum };
  }
}

/** The baseline: the same rows, one COPY FROM STDIN into a table with items' columns, defaults and indexes. */
async function rawCopy(url: string, manifest: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE raw_data_items (LIKE items INCLUDING ALL)');
    const [batchId, projectId, linkId, at] = [randomUUID(), randomUUID(), randomUUID(), new Date().toISOString()];
    let seq = 0;
    async function* rows(): AsyncGenerator<string> {
      let lines: string[] = [];
      for await (const row of readManifest(manifest)) {
        lines.push(`${randomUUID()}\t${batchId}\t${projectId}\t${linkId}\t${seq++}\t${row.fileName}\t${row.path}\t${row.size}\t${row.mediaType}\t${row.width}\t${row.height}\t${row.checksum}\t${at}\n`);
        if (lines.length === chunkSize) {
          yield lines.join('');
          lines = [];
        }
      }
      if (lines.length > 0) yield lines.join('');
    }
    const copy = client.query(
      copyFrom('COPY raw_data_items (item_id, batch_id, project_id, link_id, seq, file_name, path, size, media_type, width, height, checksum, created_at) FROM STDIN'),
    );
    await pipeline(Readable.from(rows()), copy);
    return seq;
  } finally {
    await client.end();
  }
}

export async function itemsBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'annot-items-bench-'));
  const manifest = path.join(folder, 'manifest.tsv');
  try {
    await writeManifest(manifest);
    const raw = await timed(() => rawCopy(bench.url, manifest));
    log(`  raw COPY: ${raw.value} rows in ${raw.seconds.toFixed(1)} s`);
    await checkWritten(bench.db, 'raw COPY', sql`SELECT count(*) AS rows FROM raw_data_items`, { rows: raw.value });
    const linkId = randomUUID();
    const ours = await timed(() => registerThroughImport(bench, { projectId: randomUUID(), linkId, pathPrefix: 'batches/bench/' }, readManifest(manifest)));
    const { batchId, registered, chunks } = ours.value;
    log(`  import registration (${chunkSize} per event): ${registered} items in ${ours.seconds.toFixed(1)} s`);
    // Every item once, numbered without a gap, in its link's pool, and one event per chunk.
    await checkWritten(
      bench.db,
      'import registration',
      sql`SELECT count(*) AS items, count(DISTINCT seq) AS seqs, max(seq) + 1 AS top, count(*) FILTER (WHERE link_id = ${linkId}) AS pooled,
                 (SELECT count(*) FROM events WHERE stream_id = ${batchItemsStreamId(batchId)}) AS events
          FROM items WHERE batch_id = ${batchId}`,
      { items: registered, seqs: registered, top: registered, pooled: registered, events: chunks },
    );
    return [
      {
        name: 'data items registered/s',
        ours: registered / ours.seconds,
        baselineName: 'raw COPY into a scratch table',
        baseline: raw.value / raw.seconds,
        targetRatio: 0.5,
      },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
