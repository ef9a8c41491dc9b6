// One export written in a process of its own, so its peak resident memory is the export's and nothing else's, with
// the pages the worker is configured to read; then its archive read back for the objects it holds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, loadConfig } from '@annot/core';
import { writeExport } from '@annot/worker/dist/exports/export-writing';
import { ExportsRepository } from '@annot/worker/dist/exports/exports.repository';
import { archiveObjects, type CountedFormat } from './archive-objects';

export interface ExportChildAnswer {
  /** The objects the writer says it wrote. */
  objects: number;
  /** The objects found in the archive, read back after the export was timed and its memory taken. */
  archiveObjects: number;
  bytes: number;
  seconds: number;
  /** The CPU seconds the export took in this process, its zlib threads included. */
  cpuSeconds: number;
  peakRssMb: number;
}

async function main(): Promise<void> {
  const { url, projectId, format } = JSON.parse(process.env.ANNOT_BENCH_EXPORT!) as { url: string; projectId: string; format: CountedFormat };
  const db = createDatabase(url, { max: 4 });
  const workDir = await mkdtemp(path.join(tmpdir(), 'annot-bench-export-'));
  const archivePath = path.join(workDir, 'bench.zip');
  try {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const volume = await writeExport(
      new ExportsRepository(db),
      { projectId, format, scope: { batchIds: [], linkIds: [], gate: 'any', effectiveness: 'valid' }, withMedia: false, fileName: 'bench.zip', destination: { type: 'download' }, requestedAt: new Date() },
      { archive: archivePath, workDir, pageSize: loadConfig().exportPageSize, media: null },
      async () => undefined,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    const answer: ExportChildAnswer = { objects: volume.objects, archiveObjects: await archiveObjects(archivePath, format), bytes: volume.bytes, seconds, cpuSeconds: (used.user + used.system) / 1e6, peakRssMb };
    await new Promise((resolve) => process.send!(answer, resolve));
  } finally {
    await db.destroy();
    await rm(workDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.disconnect(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
