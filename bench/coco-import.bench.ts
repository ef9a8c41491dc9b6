// Importing a COCO file of 1,000,000 boxes on 100,000 pictures as a PM does: uploaded to the annotation import route
// of the API, read and written by the worker's job, timed from the upload to the job's end as its status route tells
// it; the API and the worker each run in a process of their own, so their peak resident memories are the import's.
// Beside it, a raw COPY of the same result rows into the same table. Each round imports into a batch of its own,
// registered through the item import's own path; the database must then hold every box on every item on both sides.
// ANNOT_BENCH_COCO_ITEMS sets a smaller size.
//
// Where an import's time and memory went (1,000,000 boxes, 2026-11-29, a shared two-core machine), when the API read
// the upload in memory: the upload held and unzipped, 3 s; the input gate's JSON.parse and walk of the whole document,
// then the decoder's own JSON.parse, 66 s, the API at 2.1 GB; matching and checking every item, 42 s; writing, 280 s
// (2.8 ms an item) for a raw COPY's 78 s. Of the writing (measured at 100,000 boxes), a third is the events' append
// (395 bytes of event JSON a box), a third the projection's upsert of the same results, each about twice the raw COPY,
// and the rest deciding, checking each result a second time and stringifying.
// - Memory: the document is read with stream-json (services/core/src/exports/coco-import.ts): images, categories and
//   each image's annotation count first; then the annotations checked, an item matched and checked as soon as its
//   count is reached; then, where "all" allows it, the same again, written a chunk at a time. Files in image order, as
//   COCO, CVAT and Datumaro write them, hold one item at a time. The upload streams into storage and the worker reads
//   it from there, so neither process holds it.
// - Matching: the stream matched each chunk of 200 items against lookups of the batch's items by name built again
//   for every chunk, so the work grew with the square of the items. Through the job at 100,000 boxes (same machine,
//   load 8 to 16 from other work) the worker spent 216 CPU s of a 239 s profile, 37 s of it building those lookups and
//   40 s collecting their garbage; with the lookups built once per import, 29 CPU s of 41. Medians of three rounds:
//   85 s before, 48 s after, for a raw COPY of 1 to 2 s (0.02x); the worker's peak RSS 490 to 620 MB, its largest
//   JavaScript heap in use about 370 MB, the API's 168 MB. At 1,000,000 boxes after: 628 s for a raw COPY's 24 s
//   (0.04x), the worker at 1,063 MB (heap 907 MB), the API at 175 MB. Most of the worker's heap is garbage not yet
//   collected: with its old space held to 160 MB the same 100,000-box import finished at 237 MB (heap 124 MB).
// - Speed, 2026-11-30: a box's result travelled twice (in its event and again in the projection's statement) and was
//   checked twice (by the import's matching and again by the decision). The item projection now makes the result rows
//   from the events rows appended in the same transaction (services/core/src/items/item-rows.ts), and the decision that
//   saves a starting result takes only a CheckedResult, which the import's matching or an algorithm call's contract
//   makes where it reads the result and says each issue at its line (workflows/src/items/result.validation.ts). Same
//   machine, load 3 to 10 from other work, before and after in the same hour: at 1,000,000 boxes one round each,
//   388 s before for a raw COPY's 12 s (0.03x), 297 s after for a raw COPY's 20 s (0.07x). At 100,000 boxes the load
//   moved the rounds more than the change did: medians of three rounds 44.2 and 24.9 s before (raw 2.5 and 1.6 s,
//   0.06x both), 24.8, 21.1 and 30.6 s after (raw 0.9, 1.6 and 1.5 s: 0.04x, 0.08x, 0.05x).
// - Where the worker's time goes now (its CPU profile through the 100,000-box import: 21 s, 6.4 of them idle): reading
//   the file with stream-json in three walks, 4 s; collecting garbage, 3 s; matching each item in two walks, 1.2 s; the
//   async projections that run in the same process (audit ledger, statistics, algorithm effects, past item snapshots)
//   reading each ResultSaved back with its result, about 1 s. The writing is no longer the floor: 0.5x asks for the
//   whole import within two raw COPYs, which the three walks of stream-json alone exceed.
// - Memory, 2026-11-30: the worker starts at 165 MB, which leaves the import 90 MB of the 256 MB budget. With the async
//   projections' runners held off (a local experiment, not an option of the worker), the import alone peaked at 411 to
//   416 MB at 100,000 boxes (heap in use about 290 MB, most of it garbage, as the capped old space above showed) and at
//   869 MB at 1,000,000 (heap 735 MB, 240 s). With them the 1,000,000-box import peaked at 1,696 MB (heap 1,510 MB),
//   against 1,356 MB (heap 1,178 MB) before it was faster, in the same hour: the runners fall further behind, and a
//   runner far behind reads 10,000 events a batch, and the next while it applies one, each ResultSaved with its boxes.
//   A new worker that starts behind a finished import does the same: the second and third rounds at 100,000 boxes peak
//   at 500 to 650 MB. Levers left: the runners' batches bounded in bytes, not events; the import's heap held small
//   apart from the worker's (a thread of its own with resource limits), as capping the old space of the whole worker
//   would cap its exports too.
// - Walks and batches, 2026-11-30, later: a runner's batch now ends at half a MB of event data as stored as well as at
//   its events (services/core/src/projections/projection-runner.ts), and the file is parsed once, its annotations kept
//   in a spill on local disk and read back from there for the check and the write (entry-spill.ts). A shared machine
//   under a load of 16 to 19 from other work, so the times moved by a factor of two between rounds; ratios beside the
//   raw COPY of the same moment. At 100,000 boxes, before: one round, 155.1 s for a raw COPY's 6.0 s (0.04x), the
//   worker at 428 MB (heap 301 MB). After, two runs of three rounds: 98.7, 181.1, 169.5 s (raw 6.7, 6.5, 5.4 s; median
//   0.04x), then, the load a little lower, 39.6, 35.7, 95.6 s (raw 3.2, 2.8, 5.7 s; median 0.08x), and 137.2, 94.5,
//   79.5 s (raw 4.3, 3.3, 2.7 s; median 0.03x); the worker at 391 to 526 MB (heap 274 to 373 MB): at this size the
//   import itself, not the runners, makes the peak. At 1,000,000 boxes
//   after, one round: 767 s for a raw COPY's 36 s (0.05x), the worker at 1,202 MB (heap 1,039 MB) against 1,696 MB
//   (heap 1,510 MB) before, the API at 175 MB. Three quarters through its writing the audit ledger, statistics and
//   management log were within 400 events of the log's end; algorithm effects and past item snapshots were behind. The
//   worker's RSS drew a saw between 600 and 950 MB through the writing: most of it is garbage not yet collected.
// - Where the worker's time goes now (CPU profile through the 100,000-box import, 70.6 s under that load, 18.2 idle):
//   collecting garbage 8.8 s; matching and checking the items in two walks 6.4 s; the node-postgres driver parsing rows
//   (the runners reading each ResultSaved back with its result) 4.1 s; the one parse with stream-json about 4 s; the
//   two readings of the spill 1.7 s; the events' append 1.9 s. Why 0.5x is out of reach while a result is written
//   twice: the import's 10,000 ResultSaved events, copied alone with COPY into a table like events (its indexes
//   included), took 4.9, 4.0 and 7.5 s beside 3.8, 4.6 and 7.3 s for the raw COPY of their 10,000 result rows, in the
//   same minutes. Writing the events and the item projection's rows, with no parsing, deciding or checking at all,
//   already takes two raw COPYs: an import that did nothing else would only just reach 0.5x.
// - CPU, 2026-11-30, a fresh quiet two-core machine, 100,000 boxes, three rounds: 8.7, 9.0 and 9.7 s for a raw COPY's
//   0.4 to 0.5 s (0.05x). Each round the worker spent 8.6 to 8.7 CPU s (one core, all the way through), the API 0.3
//   and PostgreSQL 4.0 to 6.1; the raw COPY, 0.4 s of PostgreSQL's. Of the worker's profile: collecting garbage 2.0 s,
//   the async projections that read each ResultSaved back (statistics, audit ledger, algorithm effects, past item
//   snapshots) about 1.3 s and most of the node-postgres driver's 1.4 s, the one parse with stream-json 1.2 s,
//   matching and checking 1.1 s, the command pipeline's writing 0.6 s. Even a worker that spent nothing but the
//   PostgreSQL side's 4 s would stand at about 0.1x: the target asks for the events, the item rows and their
//   projections in twice a COPY of the result rows alone.
// - Then the algorithm effects skipped the starting results of items no algorithm call follows (one statement a
//   batch, not an UPDATE a result), and the past item snapshots read only each event's project, place and time: the
//   same three rounds took 7.5, 7.8 and 8.9 s (raw COPY 0.4 to 0.5 s, 0.06x), the worker 7.1 to 7.7 CPU s, PostgreSQL
//   3.3 to 5.5.
// - The runners' probe, 2026-11-30, another fresh quiet two-core machine, 1,000,000 boxes, one round: 141.8 s for a
//   raw COPY's 5.8 s (0.04x), the worker 111.7 CPU s, PostgreSQL 103.8. Sampling each server process's CPU by the
//   statement it ran (300,000 boxes) put a third of PostgreSQL's time in the runners' probe for what waits past their
//   checkpoint: the messages projection's types are rare, its checkpoint stayed at the log's start through the whole
//   import, and its probe walked every event behind it at each poll (half a second each, 90,000 events in). With each
//   type's first event found through the type index (firstOfLog): 132.2 s for a raw COPY's 7.8 s (0.06x), PostgreSQL
//   77.3 CPU s, the worker 114.6; the worker is now the whole floor, one core all the way through.
// - Its memory, same machine, 300,000 boxes: a heap snapshot in the middle of the import held 95 MB of live objects
//   (36 MB of them strings: 90,000 ids, the items' and the pictures' names, and the modules' sources) while the heap
//   in use stood at about 400 MB; garbage collection took 11.2 s of the worker's 51 busy seconds in a CPU profile.
//   With the old space held to 128 MB the worker ran out of memory (a full collection left 126 MB live), so the live
//   set itself grows with the items and the 256 MB budget is not a matter of collecting sooner. With a young
//   generation of 64 MB (--max-semi-space-size) collection took 7.7 s and the worker 41.7 CPU s instead of 52.0, but
//   it peaked at 663 MB instead of 563: not kept.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import yazl from 'yazl';
import { loadConfig } from '@annot/core';
import type { AnnotationImportView, ChunkItem } from '@annot/workflows';
import { demoToolStep, seedDemoCatalog } from '../scripts/src/seed-demo-catalog';
import { demoCall } from '../scripts/src/seed-demo-call';
import { ensureDemoProject } from '../scripts/src/seed-demo-project';
import { signInInternal } from '../scripts/src/seed-demo';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { postFile } from './support/multipart-upload';
import { registerThroughImport } from './support/register-items';
import { newServicePlace, startServiceChild } from './support/service-child';
import { alternate, median, timed } from './support/timing';
import { checkWritten } from './support/written';
import { ServerCpu } from '../tests/support/server-cpu';

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

/** The document zipped, as a data set ships a large file. */
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

/** The upload sent to the annotation import route, then the import followed on its status route to its end. */
async function importThroughJob(baseUrl: string, batchId: string, zipPath: string, token: string): Promise<{ answeredSeconds: number }> {
  const sent = await timed(() => postFile(`${baseUrl}/manage/batches/${batchId}/annotation-imports`, { format: 'coco', mode: 'all' }, zipPath, token));
  const answer = sent.value;
  if (answer.status !== 202 || answer.body.data?.batchImport !== false) throw new Error(`the import answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 2000)}`);
  for (;;) {
    const status = await fetch(`${baseUrl}/manage/annotation-imports/${answer.body.data.importId}`, { headers: { authorization: `Bearer ${token}`, 'x-language': 'en_US' } });
    const view = ((await status.json()) as { data: AnnotationImportView }).data;
    if (view.status === 'finished') return { answeredSeconds: sent.seconds };
    if (view.status === 'failed') throw new Error(`the import failed: ${JSON.stringify(view).slice(0, 2000)}`);
    await setTimeout(250);
  }
}

export async function cocoImportBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const boxes = items * boxesPerItem;
  const folder = await mkdtemp(path.join(tmpdir(), 'annot-coco-bench-'));
  const [document, zipPath, rowsPath] = ['instances.json', 'coco.zip', 'rows.copy'].map((name) => path.join(folder, name));
  const setup = await startServiceChild('api', bench.url);
  const { token, projectId, linkId } = await benchProject(setup.baseUrl, bench.url, bench).finally(() => setup.stop());
  try {
    await writeCoco(document);
    await zipOf(document, zipPath);
    log(`  ${boxes.toLocaleString('en-US')} boxes on ${items.toLocaleString('en-US')} items, ${rounds} round(s)`);
    let lastImported = '';
    const runs = await alternate(rounds, {
      ours: async (round) => {
        const { batchId } = await registerThroughImport(bench, { projectId, linkId, pathPrefix: 'batches/bench/' }, itemRows());
        // A fresh API and worker per round, sharing their queues and storage: their peak memory is their start and this import.
        const place = newServicePlace(path.join(folder, 'storage'));
        const api = await startServiceChild('api', bench.url, place);
        const worker = await startServiceChild('worker', bench.url, place).catch(async (error: unknown) => {
          await api.stop();
          throw error;
        });
        try {
          const bootMb = { api: await api.peakRssMb(), worker: await worker.peakRssMb() };
          const cpuBefore = { api: await api.cpuSeconds(), worker: await worker.cpuSeconds() };
          const server = new ServerCpu();
          server.start();
          const run = await timed(() => importThroughJob(api.baseUrl, batchId, zipPath, token));
          const cpu = { api: (await api.cpuSeconds()) - cpuBefore.api, worker: (await worker.cpuSeconds()) - cpuBefore.worker, postgres: server.spent().get('PostgreSQL') };
          const peakMb = { api: await api.peakRssMb(), worker: await worker.peakRssMb() };
          const workerUse = await worker.peakUseMb();
          await checkWritten(bench.db, 'the COCO import', batchCounts(batchId), { items, objects: boxes });
          log(
            `    round ${round + 1}, import: ${run.seconds.toFixed(1)} s (answered in ${run.value.answeredSeconds.toFixed(1)} s), ` +
              `peak RSS: API ${peakMb.api.toFixed(0)} MB, worker ${peakMb.worker.toFixed(0)} MB (${bootMb.api.toFixed(0)} and ${bootMb.worker.toFixed(0)} MB after their start; ` +
              `the worker's largest heap in use ${workerUse.heap.toFixed(0)} MB, buffers ${workerUse.external.toFixed(0)} MB); ` +
              `CPU: worker ${cpu.worker.toFixed(1)} s, API ${cpu.api.toFixed(1)} s${cpu.postgres === undefined ? '' : `, PostgreSQL ${cpu.postgres.toFixed(1)} s`}`,
          );
          lastImported = batchId;
          return { seconds: run.seconds, peakRssMb: Math.max(peakMb.api, peakMb.worker) };
        } finally {
          await Promise.all([api.stop(), worker.stop()]);
        }
      },
      raw: async (round) => {
        const { batchId } = await registerThroughImport(bench, { projectId, linkId, pathPrefix: 'batches/bench/' }, itemRows());
        await resultRowsFor(bench.url, lastImported, batchId, rowsPath);
        const server = new ServerCpu();
        server.start();
        const copy = await timed(() => rawCopy(bench.url, rowsPath));
        const postgres = server.spent().get('PostgreSQL');
        await checkWritten(bench.db, 'raw COPY', batchCounts(batchId), { items, objects: boxes });
        log(`    round ${round + 1}, raw COPY: ${copy.seconds.toFixed(1)} s${postgres === undefined ? '' : ` (PostgreSQL CPU ${postgres.toFixed(1)} s)`}`);
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
