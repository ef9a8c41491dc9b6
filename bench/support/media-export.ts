// A 1,000-picture export with its media, asked through the API of a platform whose pictures are in one store: the
// time from the request to the finished archive, and the archive read back (every picture in it once).
import { crc32 } from 'node:zlib';
import type { AppConfig } from '@annot/core';
import { demoCall, ok } from '../../scripts/src/seed-demo-call';
import { demoProjectTitle, uploadZipBatch } from '../../scripts/src/seed-demo-project';
import { sampleZip } from '../../scripts/src/sample-images';
import { sceneFrames } from '../../scripts/src/sample-scenes';
import { importedItems } from '../../scripts/src/seed-demo-work';
import type { BenchDatabase } from './bench-database';
import { startBenchPlatform } from './bench-platform';
import { median } from './timing';
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
/** Exports of the same batch, one after the other; the median is kept. */
const rounds = 3;

/** The median seconds of a COCO export with media of a 1,000-picture batch, each archive checked. */
export async function mediaExportSeconds(bench: BenchDatabase, settings: Partial<AppConfig>, log: (line: string) => void): Promise<number> {
  const platform = await startBenchPlatform(bench, { otherTypes: false }, settings);
  try {
    const call = demoCall(platform.baseUrl);
    const admin = await platform.signInAdmin();
    const projects = ok(await call('GET', `/manage/projects?keyword=${encodeURIComponent(demoProjectTitle)}`, undefined, admin), 'projects');
    const projectId: string = projects.items.find((p: { title: string }) => p.title === demoProjectTitle).id;
    const zip = await sampleZip(pictures());
    const batchId = await uploadZipBatch(call, admin, projectId, { name: 'Export bench', priority: 1 }, zip, 'export-bench.zip');
    if (!(await importedItems(call, admin, projectId))) throw new Error('the export bench batch was not imported in two minutes');
    const seconds: number[] = [];
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
    }
    return median(seconds);
  } finally {
    await platform.stop();
  }
}
