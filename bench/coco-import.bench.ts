// Importing a COCO file of 1,000,000 boxes on 100,000 pictures as a PM does, uploaded to the API (which runs in a
// process of its own, so its peak resident memory is the import's), beside a raw COPY of the same result rows into
// the same table. Each round imports into a batch of its own, registered through the item import's own path; the
// database must then hold every box on every item on both sides. ANNOT_BENCH_COCO_ITEMS sets a smaller size.
//
// Where an import's time and memory go (1,000,000 boxes, 2026-11-29, a shared two-core machine): the upload held in
// memory and unzipped, 3 s; the input gate's JSON.parse and walk of the whole document, then the decoder's own
// JSON.parse, 66 s, the API at 2.1 GB; matching and checking every item, 42 s; writing, 280 s (2.8 ms an item) for a
// raw COPY's 78 s. Of the writing (measured at 100,000 boxes), a third is the events' append (395 bytes of event JSON
// a box), a third the projection's upsert of the same results, each about twice the raw COPY, and the rest deciding,
// checking each result a second time and stringifying. So the import cannot reach the target as it is built:
// - Memory: the whole document, every decoded object and every built result were held at once (2.6 GB peak). The
//   document is now read with stream-json (services/core/src/exports/coco-import.ts): images, categories and each
//   image's annotation count first; then the annotations checked, an item matched and checked as soon as its count is
//   reached; then, where "all" allows it, the same again, written a chunk at a time. Files in image order, as COCO,
//   CVAT and Datumaro write them, hold one item at a time, and each entry passes the gate on its own. The API still
//   holds the upload itself (at most 100 MB, so a large file comes zipped).
// - An answer after minutes: the import becomes a job with progress, as exports are, the route answering at once.
// - Speed: a box's result travels twice (in its event and again in the projection's statement); the projection can
//   read it from the events rows appended in the same transaction, and the second check of each result can go, which
//   leaves the append itself, near one raw COPY, as the floor: about 0.5x.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import yazl from 'yazl';
import { loadConfig } from '@annot/core';
import type { ChunkItem } from '@annot/workflows';
import { demoToolStep, seedDemoCatalog } from '../scripts/src/seed-demo-catalog';
import { demoCall } from '../scripts/src/seed-demo-call';
import { ensureDemoProject } from '../scripts/src/seed-demo-project';
import { signInInternal } from '../scripts/src/seed-demo';
import { startApiChild } from './support/api-child';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { postFile } from './support/multipart-upload';
import { registerThroughImport } from './support/register-items';
import { alternate, median, timed } from './support/timing';
import { checkWritten } from './support/written';

const items = Number(process.env.ANNOT_BENCH_COCO_ITEMS ?? 100_000);
const boxesPerItem = 10;
const rssBudgetMb = 256;
/** At the full size a round of ours takes minutes: one round; smaller sizes alternate three. */
const rounds = items >= 100_000 ? 1 : 3;
const [width, height] = [1920, 1080];
const vehicleTool = 'Demo vehicle box';

const fileName = (i: number) => `frames/${String(Math.floor(i / 1000)).padStart(4, '0')}/${String(i).padStart(7, '0')}.jpg`;

async function* itemRows(): AsyncGenerator<ChunkItem> {
  for (let i = 0; i < items; i++) {
    yield { fileName: fileName(i), path: `batches/bench/${fileName(i)}`, size: 200_000, mediaType: 'image/jpeg', width, height, checksum: i.toString(16).padStart(64, '0') };
  }
}

/** The COCO document as a detection data set ships it, written a line at a time: every picture with its boxes, each with its category attribute. */
async function writeCoco(file: string): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"info":{"description":"bench"},"licenses":[],"images":[\n');
  for (let i = 0; i < items; i++) await write(`${i ? ',\n' : ''}{"id":${i + 1},"file_name":"${fileName(i)}","width":${width},"height":${height}}`);
  await write('],"annotations":[\n');
  for (let i = 0, id = 0; i < items; i++) {
    const lines: string[] = [];
    for (let k = 0; k < boxesPerItem; k++) {
      const [x, y, w, h] = [10 + k * 150 + (i % 7), 100 + k * 40, 120.5, 80.25];
      lines.push(`{"id":${++id},"image_id":${i + 1},"category_id":1,"bbox":[${x},${y},${w},${h}],"area":${w * h},"segmentation":[],"iscrowd":0,"attributes":{"category":"${k % 3 ? 'car' : 'cyclist'}"}}`);
    }
    await write(`${i ? ',\n' : ''}${lines.join(',\n')}`);
  }
  await write(`],"categories":[{"id":1,"name":"${vehicleTool}","supercategory":"box"}]}\n`);
  out.end();
  await once(out, 'finish');
}

/** The document zipped as a user sends a large file (the upload takes at most 100 MB). */
async function zipOf(file: string, zipPath: string): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addReadStream(createReadStream(file), 'annotations/instances.json');
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
}

/** The project with the demo's tools and its annotation link, made through the API by the admin. */
async function benchProject(baseUrl: string, databaseUrl: string, bench: BenchDatabase): Promise<{ token: string; projectId: string; linkId: string }> {
  const call = demoCall(baseUrl);
  const token = await signInInternal(call, databaseUrl, loadConfig({}).admin);
  await seedDemoCatalog(call, token);
  const { projectId } = await ensureDemoProject(call, token, null, { title: 'Bench: COCO import', annotationType: 'picture_single_frame', description: 'Imported boxes', tools: demoToolStep });
  const link = await sql<{ link_id: string }>`SELECT link_id FROM project_links WHERE project_id = ${projectId}::uuid AND type = 'annotation'`.execute(bench.db);
  return { token, projectId, linkId: link.rows[0].link_id };
}

const batchCounts = (batchId: string) =>
  sql<Record<string, unknown>>`SELECT count(*) AS items, coalesce(sum(jsonb_array_length(r.result->'objects')), 0) AS objects
      FROM item_results r JOIN items d ON d.item_id = r.item_id WHERE d.batch_id = ${batchId}::uuid`;

/** The rows the import wrote, readdressed to the raw side's items of the same place in their batch, as COPY text on disk. */
async function resultRowsFor(url: string, from: string, to: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out = client.query(copyTo(`COPY (SELECT t.item_id, t.project_id, r.version, r.result, r.saved_by, r.saved_at FROM items d JOIN item_results r ON r.item_id = d.item_id
      JOIN items t ON t.batch_id = '${to}' AND t.seq = d.seq WHERE d.batch_id = '${from}' ORDER BY d.seq) TO STDOUT`));
    await pipeline(out, createWriteStream(file));
  } finally {
    await client.end();
  }
}

/** The baseline: those rows, one COPY FROM STDIN into item_results. */
async function rawCopy(url: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await pipeline(createReadStream(file), client.query(copyFrom('COPY item_results (item_id, project_id, version, result, saved_by, saved_at) FROM STDIN')));
  } finally {
    await client.end();
  }
}

export async function cocoImportBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const boxes = items * boxesPerItem;
  const folder = await mkdtemp(path.join(tmpdir(), 'annot-coco-bench-'));
  const [document, zipPath, rowsPath] = ['instances.json', 'coco.zip', 'rows.copy'].map((name) => path.join(folder, name));
  const setup = await startApiChild(bench.url);
  const { token, projectId, linkId } = await benchProject(setup.baseUrl, bench.url, bench).finally(() => setup.stop());
  try {
    await writeCoco(document);
    await zipOf(document, zipPath);
    log(`  ${boxes.toLocaleString('en-US')} boxes on ${items.toLocaleString('en-US')} items, ${rounds} round(s)`);
    let lastImported = '';
    const runs = await alternate(rounds, {
      ours: async (round) => {
        const { batchId } = await registerThroughImport(bench, { projectId, linkId, pathPrefix: 'batches/bench/' }, itemRows());
        // A fresh API per round: its peak memory is its start and this import.
        const api = await startApiChild(bench.url);
        try {
          const bootMb = await api.peakRssMb();
          const run = await timed(() => postFile(`${api.baseUrl}/manage/batches/${batchId}/annotations`, { format: 'coco', mode: 'all' }, zipPath, token));
          if (run.value.status !== 200) throw new Error(`the import answered ${run.value.status}: ${JSON.stringify(run.value.body).slice(0, 2000)}`);
          const peakRssMb = await api.peakRssMb();
          await checkWritten(bench.db, 'the COCO import', batchCounts(batchId), { items, objects: boxes });
          log(`    round ${round + 1}, import: ${run.seconds.toFixed(1)} s, API peak RSS ${peakRssMb.toFixed(0)} MB (${bootMb.toFixed(0)} MB after its start)`);
          lastImported = batchId;
          return { seconds: run.seconds, peakRssMb };
        } finally {
          await api.stop();
        }
      },
      raw: async (round) => {
        const { batchId } = await registerThroughImport(bench, { projectId, linkId, pathPrefix: 'batches/bench/' }, itemRows());
        await resultRowsFor(bench.url, lastImported, batchId, rowsPath);
        const copy = await timed(() => rawCopy(bench.url, rowsPath));
        await checkWritten(bench.db, 'raw COPY', batchCounts(batchId), { items, objects: boxes });
        log(`    round ${round + 1}, raw COPY: ${copy.seconds.toFixed(1)} s`);
        return copy.seconds;
      },
    });
    const label = boxes >= 1_000_000 ? `${boxes / 1_000_000}M` : `${boxes / 1000}k`;
    return [
      {
        name: `COCO import boxes (${label})`,
        ours: boxes / median(runs.ours.map((r) => r.seconds)),
        baselineName: 'raw COPY of the result rows',
        baseline: boxes / median(runs.raw),
        targetRatio: 0.5,
        peakRssMb: Math.max(...runs.ours.map((r) => r.peakRssMb)),
        rssBudgetMb,
      },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
