// ASAM OpenLABEL as its tools ship it: a picture whose objects are static object data (the ASAM library's sample), and
// a KITTI tracking sequence as the ASAM converter writes it, on a fusion item: cuboids in the left camera's frame moved
// into the LiDAR's, camera boxes read back, the ego car's static cuboid at every frame, don't-care entries of negative
// size skipped with a warning and listed as dropped; a box on a camera the item does not have is refused. An export
// read back exports the same documents; a malformed document is refused with where and why and nothing is written,
// or, with mode "good", dropped and listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/batches';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, fixtureFiles, imageBatch, type InteropProject, startInteropProject, textEntries } from '../support/interop-project';
import { signInAdmin } from '../support/sign-in';
import { streetCameras } from '../../scripts/src/sample-point-clouds';
import { type StreetProject, streetProject } from '../support/street-project';
import { call, startPlatform } from '../support/platform';
import { ok } from '../support/worked-project';

const input = (name: string, type = 'input') => ({ name, displayName: name, exportName: name, type, ...(type === 'multiple' ? { options: ['solid', 'dashed'].map((o) => ({ name: o, displayName: o })) } : {}) });
const sample = fixtureFiles('openlabel/picture')[0];
const images = [
  { name: 'openlabel100_test_bbox_simple_attributes.png', width: 1280, height: 720 },
  { name: 'shapes.png', width: 640, height: 480 },
];

/** A document of every planar shape OpenLABEL has, with text, vec, num and boolean values, as the specification writes them. */
const shapes = {
  openlabel: {
    metadata: { schema_version: '1.0.0' },
    streams: { camera: { type: 'camera', uri: 'shapes.png' } },
    frame_intervals: [{ frame_start: 0, frame_end: 0 }],
    objects: {
      '0': { name: 'bus-1', type: 'Bus', object_data: { text: [{ name: 'color', val: 'red' }] } },
      '1': { name: 'area-1', type: 'Area' },
      '2': { name: 'lane-1', type: 'Lane', object_data: { vec: [{ name: 'marks', val: ['solid', 'dashed'] }] } },
      '3': { name: 'sign-1', type: 'Sign', object_data: { num: [{ name: 'height', val: 2.5 }], boolean: [{ name: 'lit', val: true }] } },
    },
    frames: {
      '0': {
        objects: {
          '0': { object_data: { rbbox: [{ name: 'shape', val: [100, 80, 60, 30, 0.25] }] } },
          '1': { object_data: { poly2d: [{ name: 'polygon', val: [10, 400, 630, 400, 320, 240], mode: 'MODE_POLY2D_ABSOLUTE', closed: true }] } },
          '2': { object_data: { poly2d: [{ name: 'line', val: [0, 470, 320, 300, 639, 470], mode: 'MODE_POLY2D_ABSOLUTE', closed: false }] } },
          '3': { object_data: { point2d: [{ name: 'shape', val: [500.5, 120.25] }] } },
        },
      },
    },
  },
};
/** Numbers to twelve significant digits: a heading goes out as a quaternion and comes back within a few units of the last place. */
const rounded = (value: unknown) => JSON.parse(JSON.stringify(value instanceof Map ? [...value] : value, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)));
const json = (name: string, document: unknown) => ({ name, content: Buffer.from(JSON.stringify(document)) });

describe('OpenLABEL picture import', () => {
  let project: InteropProject;
  let batchId: string;

  beforeAll(async () => {
    project = await startInteropProject('OpenLABEL interop', [
      ...['Car', 'Bus', 'ZebraCross', 'Semaphore'].map((name) => ({ name, templateType: 'box', attributes: ['color', 'model', 'truncated', 'status'].map((a) => input(a)) })),
      { name: 'Area', templateType: 'polygon' },
      { name: 'Lane', templateType: 'line', attributes: [input('marks', 'multiple')] },
      { name: 'Sign', templateType: 'point', attributes: [input('height'), input('lit')] },
    ]);
    batchId = await imageBatch(project, 'OpenLABEL', images);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports a picture whose objects are static object data, with their text and boolean values', async () => {
    const answer = await importAnnotations(project, batchId, 'openlabel', sample);
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 7, refusals: [], warnings: [], dropped: { files: [], objects: [] } });
    const objects = (await batchResults(project, batchId)).get(images[0].name)!.objects;
    expect(objects.map((o) => o.id)).toEqual(['car1', 'car2', 'car3', 'bus1', 'zebracross1', 'semaphore1', 'semaphore2']);
    expect(objects[0].keyframes[0].shape).toEqual({ type: 'box', x: 410, y: 280, width: 52, height: 47 });
    expect(objects.map((o) => o.attributes).filter((a) => Object.keys(a).length > 0)).toEqual([{ color: 'white', model: 'unknown' }, { truncated: 'true' }, { status: 'Green' }, { status: 'Green' }]);
  });

  it('reads every shape and value back, and an export read back into a new batch exports the same documents', async () => {
    const answer = await importAnnotations(project, batchId, 'openlabel', json('shapes.json', shapes));
    expect(answer, JSON.stringify(answer)).toMatchObject({ items: 1, objects: 4, refusals: [], warnings: [] });
    const first = textEntries(await exportArchive(project, 'openlabel', [batchId]), /^openlabel\//);
    const written = JSON.parse([...first].find(([name]) => name.endsWith('shapes.json'))![1]).openlabel;
    // The same geometry, each entry on the picture's camera stream.
    for (const [uid, object] of Object.entries(shapes.openlabel.frames['0'].objects)) expect(written.frames['0'].objects[uid].object_data).toMatchObject(object.object_data);
    expect(Object.values(written.objects).map((o: any) => [o.name, o.type, o.object_data])).toEqual([
      ['bus-1', 'Bus', { text: [{ name: 'color', val: 'red' }] }],
      ['area-1', 'Area', {}],
      ['lane-1', 'Lane', { vec: [{ name: 'marks', val: ['solid', 'dashed'] }] }],
      // num and boolean values are kept as the project holds values, as text.
      ['sign-1', 'Sign', { text: [{ name: 'lit', val: 'true' }, { name: 'height', val: '2.5' }] }],
    ]);

    const copy = await imageBatch(project, 'OpenLABEL copy', images);
    const again = await importAnnotations(project, copy, 'openlabel', { name: 'openlabel.zip', content: await zipOf([...first].map(([name, content]) => ({ name, content: Buffer.from(content) }))) });
    expect(again, JSON.stringify(again)).toMatchObject({ items: 2, objects: 11, refusals: [], warnings: [] });
    const second = textEntries(await exportArchive(project, 'openlabel', [copy]), /^openlabel\//);
    // Equal but for the batch's name in the media paths.
    const read = (text: string) => {
      const { objects, frames } = JSON.parse(text).openlabel;
      return { objects, frames: Object.values(frames).map((frame: any) => frame.objects) };
    };
    expect([...second.values()].map(read)).toEqual([...first.values()].map(read));
  });

  it('refuses a malformed document with where and why and writes nothing; with mode "good" imports the rest and lists what it dropped', async () => {
    const before = await batchResults(project, batchId);
    const broken = structuredClone(shapes);
    (broken.openlabel.frames['0'].objects['0'].object_data as any).rbbox[0].val = [100, 80, 60];
    const upload = async () => ({ name: 'openlabel.zip', content: await zipOf([sample, json('shapes.json', broken)]) });
    const refusal = { source: 'shapes.json frames[0].objects[0]', message: 'The shape is not valid: rbbox val must be [x, y, width, height, alpha]' };

    const all = await importAnnotations(project, batchId, 'openlabel', await upload());
    expect(all.status).toBe('failed');
    expect(all.refusals).toEqual([refusal]);
    expect(await batchResults(project, batchId)).toEqual(before);

    const good = await importAnnotations(project, batchId, 'openlabel', await upload(), 'good');
    expect(good.status, JSON.stringify(good)).toBe('finished');
    expect(good).toMatchObject({ items: 1, objects: 7, refusals: [refusal] });
    expect(good.dropped).toEqual({ files: ['shapes.json'], objects: [refusal.source, ...['1', '2', '3'].map((uid) => `shapes.json frames[0].objects[${uid}]`)] });

    const written = await batchResults(project, batchId);
    const unreadable = await importAnnotations(project, batchId, 'openlabel', { name: 'shapes.json', content: Buffer.from('{"openlabel": ') });
    expect(unreadable.status).toBe('failed');
    expect(unreadable.refusals[0].source).toBe('shapes.json');
    expect(unreadable.refusals[0].message).toMatch(/^The file cannot be read as OpenLABEL: /);
    expect(await batchResults(project, batchId)).toEqual(written);
  });
});

describe('OpenLABEL of a KITTI tracking sequence on a fusion item', () => {
  let project: InteropProject;
  let batchId: string;
  let street: StreetProject;
  const kitti = fixtureFiles('openlabel/kitti-tracking')[0];
  const document = JSON.parse(kitti.content.toString('utf8')).openlabel;
  // The item is the street sequence: a document whose streams name no file is matched by its own name.
  const upload = { name: 'street.json', content: kitti.content };

  beforeAll(async () => {
    const platform = await startPlatform();
    const admin = await signInAdmin(platform);
    const attributes = ['truncated', 'occluded', 'alpha'].map((name) => ({ ...input(name), frameAttribute: true }));
    // The rig names its cameras as the converter does, its images large enough for every box the sequence draws.
    const rig = streetCameras().map((camera, i) => ({ ...camera, name: ['CAM_LEFT', 'CAM_RIGHT'][i], width: 1280, height: 512 }));
    street = await streetProject(platform, admin, { title: 'OpenLABEL fusion', frames: 3, pointsPerFrame: 2_000, tool: { attributes }, moreTools: ['Van', 'Cyclist', 'Pedestrian', 'Egocar'], rig });
    project = { platform, admin, projectId: street.projectId, annotationLink: street.links.annotation, tools: street.tools, stop: () => platform.stop() };
    batchId = street.batchId;
  }, 240_000);
  afterAll(async () => project?.stop());

  it('refuses camera boxes on a camera the item does not have, naming it, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const rear = { name: 'street.json', content: Buffer.from(kitti.content.toString('utf8').replaceAll('"CAM_RIGHT"', '"CAM_REAR"')) };
    const answer = await importAnnotations(project, batchId, 'openlabel', rear, 'good');
    expect(answer.status).toBe('failed');
    const messages = answer.refusals.map((r: { message: string }) => r.message);
    expect(messages).toContain('The box is drawn on camera CAM_REAR, which this item does not have (its cameras: CAM_LEFT, CAM_RIGHT)');
    expect(await batchResults(project, batchId)).toEqual(before);
  });

  it('moves the camera cuboids into the LiDAR frame with their camera boxes, holds the static ego car at every frame, and skips the DontCare entries', async () => {
    const answer = await importAnnotations(project, batchId, 'openlabel', upload, 'good');
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 4, refusals: [] });
    const dontCare = [0, 1, 2].map((frame) => `street.json frames[${frame}].objects[-1]`);
    expect(answer.dropped).toEqual({ files: [], objects: dontCare });
    const messages = answer.warnings.map((w: { source: string; message: string }) => `${w.source}: ${w.message}`);
    expect(messages.filter((m: string) => m.includes('negative size'))).toEqual(dontCare.map((source) => `${source}: The object has a negative size and was skipped`));
    // The left camera is tilted against the LiDAR by its calibration; the level tools keep the cuboids level.
    expect(messages.filter((m: string) => m.includes('levelled'))).toHaveLength(9);

    const [result] = (await batchResults(project, batchId)).values();
    expect(result.objects.map((o) => o.id).sort()).toEqual(['Cyclist1', 'Egocar', 'Pedestrian2', 'Van0']);
    const van = result.objects.find((o) => o.id === 'Van0')!;
    // The centre and heading by hand: the camera's pose in the LiDAR frame applied to the converter's values.
    const m: number[] = document.coordinate_systems.CAM_LEFT.pose_wrt_parent.matrix4x4;
    const [x, y, z, , ry, , length, height, width] = document.frames['0'].objects['0'].object_data.cuboid[0].val;
    const centre = [0, 1, 2].map((row) => m[row * 4] * x + m[row * 4 + 1] * y + m[row * 4 + 2] * z + m[row * 4 + 3]);
    const shape = van.keyframes[0].shape;
    expect([shape.x, shape.y, shape.z].map((v: number, i: number) => v - centre[i]).every((d: number) => Math.abs(d) < 1e-9)).toBe(true);
    expect([shape.length, shape.width, shape.height]).toEqual([length, width, height]);
    expect(Math.abs(shape.yaw - (-ry - Math.PI / 2))).toBeLessThan(0.02);
    expect(shape.pitch).toBeUndefined();
    expect(van.keyframes[0].attributes).toEqual({ truncated: '0', occluded: '0', alpha: '-1.79' });
    const cameraBoxes = (van.keyframes[0] as { cameraBoxes?: Record<string, unknown> }).cameraBoxes ?? {};
    expect(Object.keys(cameraBoxes).sort()).toEqual(['CAM_LEFT', 'CAM_RIGHT']);
    const [bx, by, bw, bh] = document.frames['0'].objects['0'].object_data.bbox[0].val;
    expect(cameraBoxes.CAM_LEFT).toEqual({ type: 'box', x: bx - bw / 2, y: by - bh / 2, width: bw, height: bh });
    // The ego car, static data in the vehicle's frame: 0.76 m behind and 1.73 m below the LiDAR's origin, at every frame.
    const ego = result.objects.find((o) => o.id === 'Egocar')!;
    expect(ego.keyframes.filter((k) => !k.outside).map((k) => k.frame)[0]).toBe(0);
    expect(ego.keyframes.some((k) => k.outside)).toBe(false);
    expect(ego.keyframes[0].shape.x).toBeCloseTo(1.35 - 0.76, 9);
    expect(ego.keyframes[0].shape.z).toBeCloseTo(0.736 - 1.73, 9);
  });

  it('writes the cuboids and camera boxes in the LiDAR frame, and reads its export back to the same results and documents', async () => {
    const before = await batchResults(project, batchId);
    const first = textEntries(await exportArchive(project, 'openlabel', [batchId]), /^openlabel\//);
    const [written] = [...first.values()].map((text) => JSON.parse(text).openlabel);
    const van = Object.entries(written.objects).find(([, o]: [string, any]) => o.name === 'Van0')![0];
    const data = written.frames['0'].objects[van].object_data;
    expect(data.cuboid[0].coordinate_system).toBe('lidar');
    expect(data.bbox.map((b: { stream: string }) => b.stream)).toEqual(['CAM_LEFT', 'CAM_RIGHT']);
    const again = await importAnnotations(project, batchId, 'openlabel', { name: 'openlabel.zip', content: await zipOf([...first].map(([name, content]) => ({ name, content: Buffer.from(content) }))) });
    expect(again, JSON.stringify(again)).toMatchObject({ items: 1, objects: 4, refusals: [], warnings: [] });
    expect(rounded(await batchResults(project, batchId))).toEqual(rounded(before));
    const second = textEntries(await exportArchive(project, 'openlabel', [batchId]), /^openlabel\//);
    expect([...second.values()].map((text) => rounded(JSON.parse(text)))).toEqual([...first.values()].map((text) => rounded(JSON.parse(text))));
  });

  it('refuses a save whose box drawn on a camera reaches outside that camera’s image, and takes it once it lies within', async () => {
    const { platform } = project;
    const [itemId] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${street.links.annotation}/claims`, street.tagger.token, { count: 1 })).items;
    const box = (x: number) => ({ type: 'box', x, y: 100, width: 100, height: 80 });
    const cuboid = { type: 'cuboid', x: 12, y: 0, z: -0.9, length: 4.4, width: 1.85, height: 1.56, yaw: 0 };
    const result = (x: number, camera: string) => ({
      frameCount: 3,
      attributes: {},
      objects: [{ id: 'car-1', toolId: street.toolId, toolVersion: 1, templateType: 'cuboid', attributes: {}, keyframes: [{ frame: 1, shape: cuboid, attributes: {}, cameraBoxes: { CAM_LEFT: box(400), [camera]: box(x) } }] }],
    });
    const save = (x: number, camera = 'CAM_RIGHT') =>
      call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: street.tagger.token, body: { result: result(x, camera) }, headers: { 'x-language': 'en_US' } });
    // The rig's cameras are 1280×512: a box from 1200 to 1300 reaches past the right camera's right edge.
    const refused = await save(1200);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('The box drawn on camera CAM_RIGHT reaches outside its image (1280×512)');
    // A camera the rig does not have has no image to check the box against.
    const elsewhere = await save(100, 'front');
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain('The box is drawn on camera front, which this item does not have (its cameras: CAM_LEFT, CAM_RIGHT)');
    expect((await save(1100)).status).toBe(200);
  });
});
