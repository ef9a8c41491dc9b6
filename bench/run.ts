// `npm run bench`: every benchmark, each figure printed beside a raw baseline measured in the same run.
import { fork } from 'node:child_process';
import { appendBench } from './append.bench';
import { claimsBench } from './claims.bench';
import { cocoImportBench } from './coco-import.bench';
import { editorBench } from './editor.bench';
import { exportsBench } from './exports.bench';
import { framesBench } from './frames.bench';
import { itemsBench } from './items.bench';
import { pointCloudEditorBench } from './point-cloud-editor.bench';
import { pointCloudParseBench } from './point-cloud-parse.bench';
import { projectionLagBench } from './projection-lag.bench';
import { pastListBench } from './past-list.bench';
import { pastProjectBench } from './past-project.bench';
import { projectionBench } from './projection.bench';
import { rebuildBench } from './rebuild.bench';
import { scaleBench } from './scale.bench';
import { videoBench } from './video.bench';
import { tracksBench } from './tracks.bench';
import { benchDatabase, type BenchDatabase } from './support/bench-database';
import { type Figure, formatTable, verdict } from './support/figures';

const benches: Record<string, (bench: BenchDatabase, log: (line: string) => void) => Promise<Figure[]>> = {
  appends: appendBench,
  'projection rebuild': rebuildBench,
  'data items': itemsBench,
  claims: claimsBench,
  editor: editorBench,
  frames: framesBench,
  exports: exportsBench,
  'coco import': cocoImportBench,
  'projection lag': projectionLagBench,
  video: videoBench,
  tracks: tracksBench,
  'pointcloud editor': pointCloudEditorBench,
  'point cloud parse': pointCloudParseBench,
  projection: projectionBench,
  'past project': pastProjectBench,
  'past list': pastListBench,
  scale: scaleBench,
};
/**
 * Run only when named (`npm run bench -- scale`): the 10-million-item project takes an hour and tens of GB, on a
 * scratch database of its own that another benchmark's run does not drop under it.
 */
const onlyNamed: Record<string, string> = { scale: 'annot_bench_scale' };
const log = (line: string) => console.log(line);

/** In the child: one benchmark on a fresh scratch database of its own name, so runs of two benchmarks side by side do not drop each other's; its figures go back to the parent. */
async function runOne(name: string): Promise<void> {
  // BENCH_DATABASE names the scratch database; by default each benchmark has one of its own name, so runs of two
  // benchmarks side by side, or two runs against one server, do not drop each other's.
  const database = await benchDatabase(onlyNamed[name] ?? process.env.BENCH_DATABASE ?? `annot_bench_${name.replace(/\W+/g, '_')}`);
  log(`${name} (PostgreSQL: ${database.source}):`);
  try {
    const figures = await benches[name](database, log);
    for (const line of formatTable(figures)) log(`  ${line}`);
    await new Promise((resolve) => (process.send ? process.send(figures, resolve) : resolve(undefined)));
  } finally {
    await database.close();
    if (process.connected) process.disconnect();
  }
}

/**
 * Each benchmark runs in a process of its own: Emmett sets pg's global parsers for jsonb and int8
 * (a reviver that makes BigInts), which would slow down and change every later read in the process.
 */
function inChild(name: string): Promise<Figure[] | null> {
  return new Promise((resolve) => {
    let figures: Figure[] = [];
    const child = fork(__filename, [], { env: { ...process.env, ANNOT_BENCH_ONE: name } });
    child.on('message', (message) => (figures = message as Figure[]));
    child.on('exit', (code) => resolve(code === 0 ? figures : null));
  });
}

/** What `npm run bench -- --help` prints: how to choose what runs. */
const help = [
  'usage: npm run bench [-- <word>]',
  '  <word>                runs only the benchmarks whose name contains it (a whole name runs that one alone)',
  `  benchmarks:           ${Object.keys(benches).join(', ')} (${Object.keys(onlyNamed).join(', ')} only when named)`,
  'environment:',
  '  BENCH_STORAGE=disk|s3 the media benchmarks (exports, frames) on one store alone; both by default',
  '  BENCH_ONLY=media      the exports benchmark measures only its export with media',
  '  BENCH_DATABASE=<name> the scratch database to use; BENCH_KEEP_DATABASE=1 keeps one left by an earlier run',
];

async function main(): Promise<void> {
  // `npm run bench -- rebuild` runs only the benchmarks whose name contains the word.
  const only = process.argv[2];
  if (only === '--help' || only === '-h') {
    for (const line of help) log(line);
    return;
  }
  const figures: Figure[] = [];
  const failed: string[] = [];
  // A name that is a benchmark's whole name runs that one alone ("projection", not also "projection lag").
  const chosen = only && only in benches ? [only] : Object.keys(benches).filter((name) => (only ? name.includes(only) : !(name in onlyNamed)));
  for (const name of chosen) {
    const measured = await inChild(name);
    if (measured) figures.push(...measured);
    else failed.push(name);
    log('');
  }
  log('summary');
  for (const line of formatTable(figures)) log(line);
  const below = figures.filter((f) => verdict(f) === 'BELOW').length;
  // A measurement, not a test: a missed target is reported, and the exit code stays 0.
  log(below === 0 ? '\nevery target met' : `\n${below} figure(s) BELOW target`);
  // A benchmark that could not run, or did not write what it claims, is an error, unlike a missed target.
  if (failed.length > 0) {
    console.error(`\nfailed (did not run, or did not write what it claims): ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

const one = process.env.ANNOT_BENCH_ONE;
(one ? runOne(one) : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
