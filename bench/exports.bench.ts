// Exporting 1,000,000 objects on 100,000 items as COCO and as YOLO through the worker's own writer, each in a process
// of its own, beside a raw COPY of the same result rows out of PostgreSQL, in three rounds whose medians are compared;
// and the writer's peak resident memory at 100,000 and at 1,000,000 objects, which must not grow with the export.
import { fork } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ExportFormat } from '@annot/workflows';
import type { BenchDatabase } from './support/bench-database';
import type { ExportChildAnswer } from './support/export-child';
import { exportFixture, objectsPerItem } from './support/export-fixture';
import type { Figure } from './support/figures';
import { median, timed } from './support/timing';
import { checkWritten } from './support/written';

const sizes = [10_000, 100_000];
const rssBudgetMb = 256;

/** The baseline: the same items' result rows streamed out of PostgreSQL as text, and nothing more. */
async function rawCopy(url: string, projectId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let bytes = 0;
    const out = client.query(copyTo(`COPY (SELECT d.item_id, d.file_name, d.width, d.height, r.result FROM data_items d JOIN item_results r ON r.item_id = d.item_id WHERE d.project_id = '${projectId}' ORDER BY d.batch_id, d.seq) TO STDOUT`));
    await pipeline(out, new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }));
    return bytes;
  } finally {
    await client.end();
  }
}

function exportInChild(url: string, projectId: string, format: ExportFormat): Promise<ExportChildAnswer> {
  return new Promise((resolve, reject) => {
    let answer: ExportChildAnswer | null = null;
    const child = fork(path.join(__dirname, 'support', 'export-child.js'), [], { env: { ...process.env, ANNOT_BENCH_EXPORT: JSON.stringify({ url, projectId, format }) } });
    child.on('message', (message) => (answer = message as ExportChildAnswer));
    child.on('exit', (code) => (code === 0 && answer ? resolve(answer) : reject(new Error(`the ${format} export child exited with ${code}`))));
  });
}

/** Rounds at the largest size, each a raw COPY then each format's export; every figure is the median of its rounds. */
const rounds = 3;

export async function exportsBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const items of sizes) {
    const objects = items * objectsPerItem;
    const label = objects >= 1_000_000 ? '1M' : `${objects / 1000}k`;
    const projectId = await exportFixture(bench.db, items);
    await checkWritten(bench.db, 'the export fixture', sql`SELECT count(*) AS items, sum(jsonb_array_length(r.result->'objects')) AS objects FROM item_results r WHERE r.project_id = ${projectId}::uuid`, { items, objects });
    // The rate is measured at the largest size; the smaller one shows only that memory does not grow with the export.
    const timedRounds = objects >= 1_000_000 ? rounds : 1;
    const raw: number[] = [];
    const runs: Record<'coco' | 'yolo', ExportChildAnswer[]> = { coco: [], yolo: [] };
    for (let round = 0; round < timedRounds; round++) {
      const copy = await timed(() => rawCopy(bench.url, projectId));
      raw.push(copy.seconds);
      log(`  ${objects.toLocaleString('en-US')} objects, round ${round + 1}: raw COPY ${copy.seconds.toFixed(2)} s (${(copy.value / 1e6).toFixed(0)} MB of rows)`);
      for (const format of ['coco', 'yolo'] as const) {
        const run = await exportInChild(bench.url, projectId, format);
        if (run.objects !== objects) throw new Error(`the ${format} export wrote ${run.objects} objects of ${objects}, so its figure is void`);
        log(`    ${format}: ${run.seconds.toFixed(2)} s, archive ${(run.bytes / 1e6).toFixed(1)} MB, peak RSS ${run.peakRssMb.toFixed(0)} MB`);
        runs[format].push(run);
      }
    }
    for (const format of ['coco', 'yolo'] as const) {
      if (objects >= 1_000_000) {
        figures.push({ name: `export ${format} objects (${label})`, ours: objects / median(runs[format].map((run) => run.seconds)), baselineName: 'raw COPY of the result rows', baseline: objects / median(raw), targetRatio: 0.5 });
      }
      // Memory as a ratio too: the budget over the peak of every round must stay at or above 1.
      const peakRssMb = Math.max(...runs[format].map((run) => run.peakRssMb));
      figures.push({ name: `${format} ${rssBudgetMb}MB / peak RSS MB (${label})`, ours: rssBudgetMb, baselineName: 'peak resident memory, MB', baseline: peakRssMb, targetRatio: 1 });
    }
  }
  return figures;
}
