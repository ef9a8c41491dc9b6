// A sequence whose frames differ in size (a crop from another camera part way through): every shape is checked against
// its own frame's size, on save and on the import of its ground truth, never against the first frame's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { jpeg, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { ok, person, projectBasics, publishProject, type Person } from '../support/worked-project';

const en = { 'x-language': 'en_US' };
const sequence = 'Mixed';
// Frames 1 and 2 from the wide camera (40 × 30), frame 3 a crop (20 × 15).
const sizes = [
  [40, 30],
  [40, 30],
  [20, 15],
];
const seqinfo = ['[Sequence]', `name=${sequence}`, 'imDir=img1', 'frameRate=10', 'seqLength=3', 'imWidth=40', 'imHeight=30', 'imExt=.jpg', ''].join('\n');
// A pedestrian at (25, 5) on every frame: inside the wide frames, past the crop's right edge.
const gt = ['1,1,25,5,10,10,1,1,1', '2,1,25,5,10,10,1,1,1', '3,1,25,5,10,10,1,1,1'];

describe('a sequence of two image sizes', () => {
  let platform: Platform;
  let admin: string;
  let tagger: Person;
  let toolId: string;
  let batchId: string;
  let annotationLink: string;

  beforeAll(async () => {
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    const catalog = await seedDemoCatalog(async (method, path, body, token) => (await call(platform, method, path, { body, token })).body, admin);
    toolId = (await ok<{ id: string }>(platform, 'POST', '/manage/tools', admin, { name: 'Pedestrian', templateType: 'box' })).id;
    tagger = await person(platform, admin, '40', 'Mixed Tagger');
    const basics = { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), annotationType: 'picture_continuous_frame' };
    const published = await publishProject(platform, admin, { basics, tools: { tools: [{ toolId, toolVersion: 1 }], groups: [] }, ruleId: catalog.ruleId, taggers: [tagger], inspectors: [] });
    annotationLink = published.links.annotation;
    batchId = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${published.projectId}/batches`, admin, { name: 'Mixed', priority: 1, uploadType: 'zip' })).id;
    const entries = [
      ...sizes.map(([width, height], i) => ({ name: `${sequence}/img1/00000${i + 1}.jpg`, content: jpeg(width, height, i + 1) })),
      { name: `${sequence}/seqinfo.ini`, content: Buffer.from(seqinfo) },
      { name: `${sequence}/gt/gt.txt`, content: Buffer.from(`${gt.join('\n')}\n`) },
    ];
    expect((await upload(platform, admin, batchId, [{ name: 'mixed.zip', content: await zipOf(entries) }])).status).toBe(200);
    await eventually(() => ok<{ importing: unknown }>(platform, 'GET', `/manage/batches/${batchId}`, admin), (b) => b.importing === null, 60_000);
  }, 240_000);
  afterAll(async () => platform?.stop());

  it("refuses the ground truth whose box leaves the cropped frame, naming the crop's size", async () => {
    const report = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${admin}`, ...en } });
    const lines = (await report.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toContain(`${sequence}/gt/gt.txt:1,The shape reaches outside the image (20×15)`);
  });

  it("refuses a saved box that leaves its frame's image and saves one that fits every frame it is on", async () => {
    const [itemId] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${annotationLink}/claims`, tagger.token, { count: 1 })).items;
    const frames = await ok<{ frames: { width: number; height: number }[] }>(platform, 'GET', `/manage/items/${itemId}/frames`, tagger.token);
    expect(frames.frames.map((f) => [f.width, f.height])).toEqual(sizes);
    const result = (x: number, frame: number, end?: number) => ({
      frameCount: 3,
      attributes: {},
      objects: [
        {
          id: 'p1',
          toolId,
          toolVersion: 1,
          templateType: 'box',
          attributes: {},
          keyframes: [{ frame, shape: { type: 'box', x, y: 2, width: 10, height: 10 }, attributes: {} }, ...(end === undefined ? [] : [{ frame: end, shape: null, outside: true, attributes: {} }])],
        },
      ],
    });
    const put = (body: unknown) => call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger.token, body: { result: body }, headers: en });

    // Drawn on the crop itself, past its edge though inside the first frame's 40 × 30.
    const onCrop = await put(result(25, 2));
    expect(onCrop.status).toBe(400);
    expect(JSON.stringify(onCrop.body.data.fields)).toContain('The shape reaches outside the image (20×15)');
    // Drawn on the first frame and held on to the crop.
    const held = await put(result(25, 0));
    expect(held.status).toBe(400);
    expect(JSON.stringify(held.body.data.fields)).toContain('The shape reaches outside the image (20×15)');
    // Out of view before the crop, or small enough for it: saved.
    expect((await put(result(25, 0, 2))).status).toBe(200);
    expect((await put(result(5, 0))).status).toBe(200);
  });
});
