// A 1,000-picture export with its media, asked through the API of a platform whose pictures are in one store: the
// time from the request to the finished archive, and the archive read back (every picture in it once); beside it,
// in the same rounds, the store's own bound: the same pictures read whole from the store, in the export's order, as
// many at a time as the export reads ahead, and nothing else done with them.
import { crc32 } from 'node:zlib';
import { type AppConfig, type Storage, storageOf } from '@annot/core';
import { demoCall, ok } from '../../scripts/src/seed-demo-call';
import { demoProjectTitle, uploadZipBatch } from '../../scripts/src/seed-demo-project';
import { sampleZip } from '../../scripts/src/sample-images';
import { sceneFrames } from '../../scripts/src/sample-scenes';
import { importedItems } from '../../scripts/src/seed-demo-work';
import type { BenchDatabase } from './bench-database';
import { startBenchPlatform } from './bench-platform';
import { median, timed } from './timing';
import { zipEntries } from '../../tests/support/zip-entries';

export const mediaPictures = 1000;

/**
 * One street scene drawn once, and told apart a thousand times by a text chunk of its own before IEND (the import
 * registers a content once per batch): the same pixels, real PNGs, without drawing a thousand scenes.
 */
function pictures(): { name: string; content: Buffer }[] {
  const [scene] = sceneFrames(1, 320, 240);
  const end = scene.content.length - 12;
  return Array.from({ length: mediaPictures }, (_, i) => {
    const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0picture ${i}`)]);
    const chunk = Buffer.alloc(body.length + 8);
    chunk.writeUInt32BE(body.length - 4, 0);
    body.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(body), body.length + 4);
    return { name: `frames/${String(i).padStart(4, '0')}.png`, content: Buffer.concat([scene.content.subarray(0, end), chunk, scene.content.subarray(end)]) };
  });
}
/** Exports of the same batch, one after the other, each followed by a raw read; the medians are kept. */
const rounds = 3;
/** As many pictures in flight as the export's read-ahead keeps. */
const rawInFlight = 16;

/** Reads every key whole, `inFlight` at a time, in their order; answers the bytes read. */
async function rawRead(storage: Storage, keys: string[], inFlight: number): Promise<number> {
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < keys.length) {
        const body = await storage.read(keys[next++]);
        bytes += body.length;
      }
    }),
  );
  return bytes;
}

/** The median seconds of a COCO export with media of a 1,000-picture batch, each archive checked, and of a raw read of its pictures. */
export async function mediaExportSeconds(bench: BenchDatabase, settings: Partial<AppConfig>, log: (line: string) => void): Promise<{ exported: number; raw: number }> {
  const platform = await startBenchPlatform(bench, { otherTypes: false }, settings);
  try {
    const call = demoCall(platform.baseUrl);
    const admin = await platform.signInAdmin();
    const projects = ok(await call('GET', `/manage/projects?keyword=${encodeURIComponent(demoProjectTitle)}`, undefined, admin), 'projects');
    const projectId: string = projects.items.find((p: { title: string }) => p.title === demoProjectTitle).id;
    const zip = await sampleZip(pictures());
    const batchId = await uploadZipBatch(call, admin, projectId, { name: 'Export bench', priority: 1 }, zip, 'export-bench.zip');
    if (!(await importedItems(call, admin, projectId))) throw new Error('the export bench batch was not imported in two minutes');
    const storage = storageOf(platform.config);
    const keys = (await storage.list(`batches/${batchId}`)).filter((key) => key.endsWith('.png'));
    if (keys.length !== mediaPictures) throw new Error(`the store holds ${keys.length} pictures of the batch, not ${mediaPictures}`);
    const seconds: number[] = [];
    const rawSeconds: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = process.hrtime.bigint();
      const body = { format: 'coco', scope: { batchIds: [batchId], effectiveness: 'all' }, withMedia: true };
      const { exportId } = ok(await call('POST', `/manage/projects/${projectId}/exports`, body, admin), 'export');
      let view = ok(await call('GET', `/manage/exports/${exportId}`, undefined, admin), 'export view');
      while (view.status === 'queued' || view.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        view = ok(await call('GET', `/manage/exports/${exportId}`, undefined, admin), 'export view');
      }
      seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
      if (view.status !== 'succeeded') throw new Error(`the media export ended ${view.status}: ${view.reason}`);
      const archive = await fetch(`${platform.baseUrl}/manage/exports/${exportId}/download`, { headers: { authorization: `Bearer ${admin}` } });
      const entries = await zipEntries(Buffer.from(await archive.arrayBuffer()));
      const pictures = [...entries.keys()].filter((name) => name.endsWith('.png')).length;
      if (pictures !== mediaPictures) throw new Error(`the media export holds ${pictures} pictures of ${mediaPictures}, so its figure is void`);
      log(`    round ${round + 1}: ${seconds[round].toFixed(2)} s, archive ${(view.bytes / 1e6).toFixed(1)} MB with ${pictures} pictures`);
      const raw = await timed(() => rawRead(storage, keys, rawInFlight));
      rawSeconds.push(raw.seconds);
      log(`    round ${round + 1}, raw read of the same pictures, ${rawInFlight} at a time: ${raw.seconds.toFixed(2)} s, ${(raw.value / 1e6).toFixed(1)} MB`);
    }
    return { exported: median(seconds), raw: median(rawSeconds) };
  } finally {
    await platform.stop();
  }
}
