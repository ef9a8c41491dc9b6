// PCD parsing in Chromium: a generated 1.2-million-point scan with intensity, binary and binary_compressed, parsed by
// the console's point cloud worker (the bytes transferred in, the cloud's arrays transferred back) beside three.js's
// PCDLoader.parse on the same bytes on the page, alternately, several times each in the same page.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { seededRandom, writePcd } from '@annot/workflows';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { freshConsole } from './support/fresh-console';
import { alternate, median } from './support/timing';
import { builtWorkerChunk, fetchFile, openParsePage, parseOurs, parseTheirs, sameCloud, serveParsePage } from './support/point-cloud-parse-page';

// Compiled to scripts/dist/bench.
const root = path.resolve(__dirname, '../../..');
const points = 1_200_000;
const runs = 7;
/** Parses each side makes first, untimed: the worker's thread compiles its loops afresh, as the page's does. */
const warmUps = 3;
const encodings = ['binary', 'binary_compressed'] as const;

const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');

/**
 * A street scan: points scattered over 120 m around the car, ground and objects in height, intensity 0..255. The
 * values are drawn once per point, so every field varies in either encoding (binary_compressed writes field by field).
 */
function streetScan(encoding: (typeof encodings)[number]): Uint8Array {
  const random = seededRandom(17);
  const fields = ['x', 'y', 'z', 'intensity'].map((name) => ({ name, type: 'F' as const, size: 4 as const }));
  const values = new Float32Array(points * 4);
  for (let p = 0; p < points; p++) {
    values.set([(random() - 0.5) * 120, (random() - 0.5) * 120, random() < 0.6 ? -1.7 + random() * 0.05 : -1.7 + random() * 4, Math.floor(random() * 256)], p * 4);
  }
  return writePcd(fields, points, (point, field) => values[point * 4 + field], encoding);
}

/** The worker as the console ships it, from a build no older than the console's sources. */
async function workerBundle(log: (line: string) => void): Promise<string> {
  const shipped = builtWorkerChunk(await freshConsole(root));
  if (!shipped) throw new Error("the console's build holds no point cloud worker");
  log(`  the worker: ${path.relative(root, shipped)} from the console's build`);
  return shipped;
}

export async function pointCloudParseBench(_bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const files = Object.fromEntries(encodings.map((encoding) => [`scan-${encoding}.pcd`, streetScan(encoding)]));
  const server = await serveParsePage(root, await workerBundle(log), files);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(120_000);
    await openParsePage(page, server.url);
    log(`  ${points.toLocaleString('en-US')} points (x, y, z, intensity as F4), ${runs} parses each after ${warmUps} to warm up, alternating, Chromium ${browser.version()}`);
    const figures: Figure[] = [];
    for (const encoding of encodings) {
      const name = `scan-${encoding}.pcd`;
      const bytes = await fetchFile(page, name);
      const sides = { ours: () => parseOurs(page, name), theirs: () => parseTheirs(page, name) };
      await alternate(warmUps, sides);
      const parsed = await alternate(runs, sides);
      for (const [side, runsOf] of [['the worker', parsed.ours], ['three.js', parsed.theirs]] as const) {
        const short = runsOf.find((run) => run.count !== points || run.intensity !== points);
        if (short) throw new Error(`${encoding}: ${side} read ${short.count} points (${short.intensity} intensities) of ${points}`);
      }
      const ours = parsed.ours.map((run) => run.ms);
      const theirs = parsed.theirs.map((run) => run.ms);
      if (!(await sameCloud(page))) throw new Error(`${encoding}: the worker and three.js read different positions or intensities`);
      log(`  ${encoding} (${(bytes / 2 ** 20).toFixed(1)} MiB): worker median ${median(ours).toFixed(1)} ms [${ms(ours)}]; three.js PCDLoader median ${median(theirs).toFixed(1)} ms [${ms(theirs)}]; ${(median(theirs) / median(ours)).toFixed(1)}x; the same positions and intensities`);
      // Points a second, so the ratio of the rates is the ratio of the times turned over.
      figures.push({
        name: `PCD ${encoding} parse, worker`,
        ours: points / (median(ours) / 1000),
        baselineName: 'three.js PCDLoader.parse',
        baseline: points / (median(theirs) / 1000),
        targetRatio: 5,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}
