// A sequence through the work loop and out of it: a result must have the item's frame count to be saved, and an
// export with media holds every frame of the sequence, each named by the frames the encoder is handed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '@annot/workflows';
import { demoToolStep, seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { png, upload, zipOf } from '../support/batches';
import { boxResult } from '../support/demo';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { ok, person, projectBasics, publishProject, type Person } from '../support/worked-project';
import { zipEntries } from '../support/zip-entries';

const en = { 'x-language': 'en_US' };
/** A box inside the frames' 40×30 pixels. */
const small = { x: 2, y: 2, width: 20, height: 10 };

describe('sequence work', () => {
  let platform: Platform;
  let admin: string;
  let tagger: Person;
  let projectId: string;
  let toolId: string;
  let annotationLink: string;
  let batchName: string;
  const frames = { 'cam-a': [png(40, 30, 1), png(40, 30, 2), png(40, 30, 3)], 'cam-b': [png(40, 30, 4), png(40, 30, 5)] };

  beforeAll(async () => {
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    const catalog = await seedDemoCatalog(async (method, path, body, token) => (await call(platform, method, path, { body, token })).body, admin);
    tagger = await person(platform, admin, '40', 'Sequence Tagger');
    const basics = { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), annotationType: 'picture_continuous_frame' };
    const published = await publishProject(platform, admin, { basics, tools: demoToolStep(catalog), ruleId: catalog.ruleId, taggers: [tagger], inspectors: [] });
    projectId = published.projectId;
    annotationLink = published.links.annotation;
    batchName = 'Drive 1';
    const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: batchName, priority: 1, uploadType: 'zip' });
    const entries = Object.entries(frames).flatMap(([folder, images]) => images.map((content, i) => ({ name: `${folder}/${String(i).padStart(4, '0')}.png`, content })));
    expect((await upload(platform, admin, batch.id, [{ name: 'drive.zip', content: await zipOf(entries) }])).status).toBe(200);
    await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin), (b) => b.importing === null && b.items === 2);
    toolId = demoToolStep(catalog).tools[0].toolId;
  }, 120_000);
  afterAll(async () => platform?.stop());

  it('refuses a result whose frame count is not the item\'s, and saves one that has it', async () => {
    const claimed = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${annotationLink}/claims`, tagger.token, { count: 2 })).items;
    expect(claimed).toHaveLength(2);
    for (const itemId of claimed) {
      const item = await ok<{ frameCount: number }>(platform, 'GET', `/manage/items/${itemId}`, tagger.token);
      const refused = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger.token, body: { result: boxResult(toolId, small) }, headers: en });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.data.fields)).toContain(`The result has 1 frame but the data has ${item.frameCount}`);
      const chinese = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger.token, body: { result: boxResult(toolId, small) } });
      expect(JSON.stringify(chinese.body.data.fields)).toContain(`结果有 1 帧，而数据有 ${item.frameCount} 帧`);
      const saved = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger.token, body: { result: { ...boxResult(toolId, small), frameCount: item.frameCount } } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });

  it('exports every frame of each sequence into the archive with media', async () => {
    const asked = await ok<{ exportId: string }>(platform, 'POST', `/manage/projects/${projectId}/exports`, admin, { format: 'coco', withMedia: true, scope: { gate: 'any', effectiveness: 'all' } });
    const record = await eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${asked.exportId}`, { token: admin })).body.data as ExportView,
      (r) => r.status === 'succeeded' || r.status === 'failed',
      120_000,
    );
    expect(record).toMatchObject({ status: 'succeeded', items: 2 });
    const archive = Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    const entries = await zipEntries(archive);
    for (const [folder, images] of Object.entries(frames)) {
      images.forEach((content, i) => expect(entries.get(`images/${batchName}/${folder}/${String(i).padStart(4, '0')}.png`)).toEqual(content));
    }
  });
});
