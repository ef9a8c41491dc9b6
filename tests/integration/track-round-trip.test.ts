// Tracks out and back in through the platform: a sequence item worked to the end with two tracks (one of a UUID id,
// one of a number id), keyframes, an outside span, own values and a frame attribute, exported in every track format
// and imported as the starting result of a new batch of the same frames; and a video item the same way through COCO
// video. What a person sees at every frame is the same, with the same track ids and no more keyframes.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportFormat, type ExportView, frameAttributesAt, type Keyframe, type ResultDocument, type ResultObject, type Shape, shapeAt } from '@annot/workflows';
import { seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { importAnnotations } from '../support/annotation-imports';
import { png, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { ok, person, type Person, projectBasics, publishProject } from '../support/worked-project';

const run = promisify(execFile);
const width = 160;
const height = 120;
const frameCount = 24;

const box = (x: number, y: number, w: number, h: number): Shape => ({ type: 'box', x, y, width: w, height: h });
const key = (frame: number, shape: Shape | null, attributes: Keyframe['attributes'] = {}, source: Keyframe['source'] = 'drawn'): Keyframe => ({ frame, shape, attributes, outside: shape === null, source });

/**
 * Two tracks over the item's frames: a car with a UUID id that moves by uneven steps, is occluded from frame 4 (a
 * keyframe the editor makes where a frame attribute is set between two drawn ones), leaves the view at frame 10
 * and comes back at 14; and a bus of id "7" that appears at frame 3 and leaves for good at 21.
 */
function tracks(toolId: string): ResultDocument {
  const track = (id: string, category: string, keyframes: Keyframe[]): ResultObject => ({ id, toolId, toolVersion: 1, templateType: 'box', className: null, attributes: { category }, group: null, keyframes });
  const [from, to] = [key(0, box(10.3, 20.7, 40, 30), { occluded: 'no' }), key(7, box(83.1, 41.9, 44.5, 31))];
  const between = shapeAt({ keyframes: [from, to] }, 4);
  return {
    frameCount,
    attributes: {},
    objects: [
      track(randomUUID(), 'car', [from, key(4, between, { occluded: 'yes' }, 'interpolated'), to, key(10, null), key(14, box(60, 50, 30, 20)), key(20, box(100.25, 70.4, 36, 28), { occluded: 'no' })]),
      track('7', 'bus', [key(3, box(120, 80, 30, 25), { occluded: 'yes' }), key(16, box(20.5, 10.25, 50, 40), { occluded: 'no' }), key(21, null)]),
    ],
  };
}

/** What a person sees of a track at every frame: its shape, and its frame values where it is in view. */
function seen(object: ResultObject) {
  return Array.from({ length: frameCount }, (_, frame) => {
    const shape = shapeAt(object, frame);
    return { frame, shape, values: shape ? frameAttributesAt(object, frame) : null };
  });
}

/** The imported tracks against the saved ones: same ids and own values, the same at every frame (formats write pixels to the hundredth), no more keyframes. */
function expectSameTracks(imported: ResultDocument, saved: ResultDocument) {
  expect(imported.frameCount).toBe(saved.frameCount);
  expect(imported.objects.map((o) => [o.id, o.attributes])).toEqual(saved.objects.map((o) => [o.id, o.attributes]));
  for (const [i, object] of imported.objects.entries()) {
    const original = saved.objects[i];
    const [got, want] = [seen(object), seen(original)];
    for (let frame = 0; frame < frameCount; frame++) {
      const where = `track ${object.id} at frame ${frame}`;
      expect(got[frame].values, where).toEqual(want[frame].values);
      expect(got[frame].shape === null, where).toBe(want[frame].shape === null);
      const [a, b] = [got[frame].shape, want[frame].shape];
      if (a?.type === 'box' && b?.type === 'box') {
        for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(a[side] - b[side]), `${where}: ${side}`).toBeLessThanOrEqual(0.0101);
      }
    }
    expect(object.keyframes.length, `keyframes of track ${object.id}`).toBeLessThanOrEqual(original.keyframes.length);
  }
}

describe('track round trip', () => {
  let platform: Platform;
  let admin: string;
  let ruleId: string;
  let toolId: string;
  let tagger: Person;
  let inspector: Person;
  let root: string;

  /** A published project of the Car tool, with an annotation and an inspection link the tagger and the inspector work. */
  async function trackProject(annotationType: string) {
    const basics = { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), title: `Tracks ${annotationType}`, annotationType };
    return publishProject(platform, admin, { basics, tools: { tools: [{ toolId, toolVersion: 1 }] }, ruleId, taggers: [tagger], inspectors: [inspector] });
  }

  /** A batch of the project holding one item, once its import has settled. */
  async function batchOf(projectId: string, name: string, entries: { name: string; content: Buffer }[]) {
    const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name, priority: 1, uploadType: 'zip' });
    expect((await upload(platform, admin, batch.id, [{ name: 'data.zip', content: await zipOf(entries) }])).status).toBe(200);
    await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin), (b) => b.importing === null && b.items === 1, 120_000);
    const items = await ok<{ items: { id: string; frameCount: number }[] }>(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batch.id}&limit=10`, admin);
    expect(items.items.map((i) => i.frameCount)).toEqual([frameCount]);
    return { batchId: batch.id, itemId: items.items[0].id };
  }

  /** The tagger saves the tracks and submits, the inspector passes: the item is finished. */
  async function finish(links: { annotation: string; inspection: string }, itemId: string, result: ResultDocument) {
    expect((await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count: 1 })).items).toEqual([itemId]);
    await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result });
    await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
    expect((await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 1 })).items).toEqual([itemId]);
    expect((await ok<{ status: string }>(platform, 'POST', `/manage/items/${itemId}/pass`, inspector.token)).status).toBe('finished');
  }

  /** The inspected items of a batch exported in a format, downloaded as the PM would. */
  async function exported(projectId: string, batchId: string, format: ExportFormat): Promise<Buffer> {
    const asked = await ok<{ exportId: string }>(platform, 'POST', `/manage/projects/${projectId}/exports`, admin, { format, scope: { batchIds: [batchId], gate: 'inspected', effectiveness: 'all' } });
    const record = await eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${asked.exportId}`, { token: admin })).body.data as ExportView,
      (r) => r.status === 'succeeded' || r.status === 'failed',
      120_000,
    );
    expect(record).toMatchObject({ status: 'succeeded', items: 1 });
    return Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
  }

  /** The archive uploaded whole as a batch's annotations; answers the item's starting result. */
  async function reimported(batchId: string, itemId: string, format: ExportFormat, archive: Buffer): Promise<ResultDocument> {
    const answer = await importAnnotations({ platform, admin }, batchId, format, { name: `${format}.zip`, content: archive });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'finished', items: 1, objects: 2, refusals: [] });
    const view = await ok<{ status: string; result: { result: ResultDocument } }>(platform, 'GET', `/manage/items/${itemId}`, admin);
    expect(view.status).toBe('waiting');
    return view.result.result;
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-tracks-'));
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    ({ ruleId } = await seedDemoCatalog(async (method, p, body, token) => (await call(platform, method, p, { body, token })).body, admin));
    toolId = (
      await ok<{ id: string }>(platform, 'POST', '/manage/tools', admin, {
        name: 'Car',
        templateType: 'box',
        attributes: [
          { name: 'category', displayName: 'Category', exportName: 'category', type: 'single', instanceAttribute: true, options: [{ name: 'car' }, { name: 'bus' }] },
          { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', frameAttribute: true, options: [{ name: 'no' }, { name: 'yes' }] },
        ],
      })
    ).id;
    tagger = await person(platform, admin, '40', 'Track Tagger');
    inspector = await person(platform, admin, '40', 'Track Inspector');
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  describe('a sequence of frames', () => {
    const frames = Array.from({ length: frameCount }, (_, i) => ({ name: `drive_0001/${String(i).padStart(4, '0')}.png`, content: png(width, height, i + 1) }));
    let project: Awaited<ReturnType<typeof trackProject>>;
    let batchId: string;
    let saved: ResultDocument;

    beforeAll(async () => {
      project = await trackProject('picture_continuous_frame');
      const batch = await batchOf(project.projectId, 'Drive 1', frames);
      batchId = batch.batchId;
      await finish(project.links, batch.itemId, tracks(toolId));
      saved = (await ok<{ result: { result: ResultDocument } }>(platform, 'GET', `/manage/items/${batch.itemId}`, admin)).result.result;
      expect(saved.objects.map((o) => o.keyframes.length)).toEqual([6, 3]);
    }, 180_000);

    for (const format of ['mot', 'kitti_tracking', 'coco_video', 'openlabel'] as const) {
      it(`keeps the tracks through ${format}`, async () => {
        const archive = await exported(project.projectId, batchId, format);
        const relabel = await batchOf(project.projectId, `Relabel ${format}`, frames);
        expectSameTracks(await reimported(relabel.batchId, relabel.itemId, format, archive), saved);
      }, 120_000);
    }
  });

  describe('a video', () => {
    it('keeps the tracks of a video item through COCO video', async () => {
      const file = path.join(root, 'clip.mp4');
      await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=30`, '-frames:v', String(frameCount), '-pix_fmt', 'yuv420p', file]);
      const clip = [{ name: 'front/clip.mp4', content: await readFile(file) }];
      const project = await trackProject('video');
      const drive = await batchOf(project.projectId, 'Drive 1', clip);
      await finish(project.links, drive.itemId, tracks(toolId));
      const saved = (await ok<{ result: { result: ResultDocument } }>(platform, 'GET', `/manage/items/${drive.itemId}`, admin)).result.result;
      const archive = await exported(project.projectId, drive.batchId, 'coco_video');
      const relabel = await batchOf(project.projectId, 'Relabel', clip);
      expectSameTracks(await reimported(relabel.batchId, relabel.itemId, 'coco_video', archive), saved);
    }, 240_000);
  });
});
