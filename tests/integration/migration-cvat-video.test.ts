// CVAT for video 1.1 as CVAT writes it: a track per object with its shape at every frame, keyframes marked, an outside
// mark where it leaves and its mutable attributes per frame imports as tracks with the same keyframes; a 2D cuboid
// track is skipped with a warning; the export of the import gives every frame of every track back field by field; a
// malformed track is refused by its element and writes nothing. A task's or a project's export zipped with its frames
// (images/frame_000000.PNG, images/<subset>/...) is one upload: each task's frames become a sequence with its tracks;
// so is a task's backup (task.json, annotations.json and its data/ folder), whose tracks are stored as their keyframes,
// into a sequence project (its pictures) or a video project (its video, numbered by the task's start frame and step).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, png, upload, zipOf } from '../support/batches';
import { cvatTracks } from '../support/cvat-xml';
import { eventually } from '../support/platform';
import { importAnnotations, startAnnotationImport } from '../support/annotation-imports';
import { batchResults, exportArchive, type InteropProject, startInteropProject } from '../support/interop-project';
import { generateVideo } from '../support/videos';
import { ok } from '../support/worked-project';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'cvat', 'video', 'annotations.xml')).toString('utf8');
const xml = (content: string) => ({ name: 'annotations.xml', content: Buffer.from(content) });
const choice = (name: string, options: string[], frameAttribute = false) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })), frameAttribute });

describe('CVAT for video import', () => {
  let project: InteropProject;
  let batch: string;

  beforeAll(async () => {
    project = await startInteropProject(
      'CVAT drives',
      [
        { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue']), choice('moving', ['no', 'yes'], true), choice('occluded', ['0', '1'], true)] },
        { name: 'road', templateType: 'polygon' },
      ],
      'picture_continuous_frame',
    );
    const { platform, admin, projectId } = project;
    batch = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Drives', priority: 10, uploadType: 'zip' })).id;
    const frames = Array.from({ length: 6 }, (_, i) => ({ name: `drive/frame_00000${i}.jpg`, content: jpeg(200, 100, i + 1) }));
    expect((await upload(platform, admin, batch, [{ name: 'drive.zip', content: await zipOf(frames) }])).status).toBe(200);
    await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch}`, admin), (b) => b.importing === null && b.items === 1, 60_000);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports each track with its keyframes, outside mark and values per frame, and warns for the cuboid track', async () => {
    const answer = await importAnnotations(project, batch, 'cvat_video', xml(fixture));
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 2, refusals: [] });
    expect(answer.warnings).toEqual([{ source: 'annotations.xml track[2]', message: "The cuboid was skipped: a cuboid drawn on an image has no counterpart; the project's cuboids are 3D boxes in a point cloud" }]);
    const [car, road] = (await batchResults(project, batch)).get('drive')!.objects;
    expect(car).toMatchObject({ id: '0', attributes: { color: 'red' } });
    expect(car.keyframes.map((k) => [k.frame, k.outside, k.attributes])).toEqual([
      [0, false, { moving: 'no', occluded: '0' }],
      [2, false, { moving: 'yes', occluded: '0' }],
      [3, false, { moving: 'yes', occluded: '1' }],
      [4, true, {}],
    ]);
    expect(car.keyframes[1].shape).toEqual({ type: 'box', x: 30, y: 20, width: 40, height: 20 });
    expect(road.keyframes.map((k) => k.frame)).toEqual([2]);
  });

  it('exports the import back with every frame of every track, its keyframe and outside marks and its values', async () => {
    const entries = await exportArchive(project, 'cvat_video', [batch]);
    const [path, exported] = [...entries].find(([name]) => /^annotations\/.*\.xml$/.test(name))!;
    expect(path).toBe('annotations/Drives/drive.xml');
    const leave = { fields: ['source'] };
    expect(cvatTracks(exported.toString('utf8'), leave)).toEqual(cvatTracks(fixture, { ...leave, kinds: ['cuboid'] }));
  });

  /** A new batch of the project, the export uploaded through the annotation import, and the batch once its import is done. */
  async function migrate(name: string, files: { name: string; content: Buffer }[]) {
    const { platform, admin, projectId } = project;
    const id = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name, priority: 10, uploadType: 'zip' })).id;
    const answer = await startAnnotationImport(project, id, 'cvat_video', { name: 'export.zip', content: await zipOf(files) });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${id}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    return { summary, results: await batchResults(project, id) };
  }

  const frameNames = (numbers: number[], folder = 'images') => numbers.map((n, i) => ({ name: `${folder}/frame_${String(n).padStart(6, '0')}.PNG`, content: png(200, 100, 100 + n + i) }));

  it('takes a video task’s export zipped with its frames as one upload: one sequence with the same tracks', async () => {
    const exported = fixture.replace('<dumped>', '<source>drive.mp4</source>\n    <dumped>');
    const { summary, results } = await migrate('CVAT video task', [xml(exported), ...frameNames([0, 1, 2, 3, 4, 5])]);
    expect(summary).toMatchObject({ items: 1, failed: 0 });
    const [car, road] = results.get('images')!.objects;
    expect(car.keyframes.map((k) => [k.frame, k.outside, k.attributes])).toEqual([
      [0, false, { moving: 'no', occluded: '0' }],
      [2, false, { moving: 'yes', occluded: '0' }],
      [3, false, { moving: 'yes', occluded: '1' }],
      [4, true, {}],
    ]);
    expect(road.keyframes.map((k) => k.frame)).toEqual([2]);
  });

  it('takes a project’s export as one upload: each subset a sequence, frames found by their numbers from the task’s start and step', async () => {
    // Two tasks in two subsets; the second starts at frame 10 and keeps every second frame, as CVAT numbers them.
    const task = (id: number, subset: string, start: number, stop: number, size: number, step: string) =>
      `<task><id>${id}</id><name>drive ${id}</name><size>${size}</size><mode>interpolation</mode><subset>${subset}</subset><start_frame>${start}</start_frame><stop_frame>${stop}</stop_frame><frame_filter>${step}</frame_filter><original_size><width>200</width><height>100</height></original_size></task>`;
    const box = (frame: number, keyframe: number, outside: number, x: number) =>
      `<box frame="${frame}" keyframe="${keyframe}" outside="${outside}" occluded="0" xtl="${x}.00" ytl="20.00" xbr="${x + 40}.00" ybr="40.00" z_order="0"><attribute name="color">blue</attribute><attribute name="moving">yes</attribute></box>`;
    const text =
      `<?xml version="1.0" encoding="utf-8"?>\n<annotations><version>1.1</version><meta><project><id>4</id><name>Drives</name><tasks>${task(1, 'Train', 0, 2, 3, '')}${task(2, 'Validation', 10, 14, 3, 'step=2')}</tasks>` +
      `<labels><label><name>car</name><type>rectangle</type></label></labels><subsets>Train\nValidation</subsets></project><dumped>2024-05-01</dumped></meta>` +
      `<track id="0" label="car" source="manual" task_id="1" subset="Train">${box(0, 1, 0, 10)}${box(1, 0, 0, 20)}${box(2, 1, 0, 30)}</track>` +
      `<track id="1" label="car" source="manual" task_id="2" subset="Validation">${box(12, 1, 0, 50)}${box(14, 1, 1, 50)}</track></annotations>`;
    const files = [xml(text), ...frameNames([0, 1, 2], 'images/Train'), ...frameNames([10, 12, 14], 'images/Validation')];
    const { summary, results } = await migrate('CVAT project', files);
    expect(summary).toMatchObject({ items: 2, failed: 0 });
    const train = results.get('images/Train')!.objects;
    expect(train.map((o) => o.keyframes.map((k) => [k.frame, k.outside]))).toEqual([[[0, false], [2, false]]]);
    expect(train[0].attributes).toEqual({ color: 'blue' });
    const [validation] = results.get('images/Validation')!.objects;
    expect(validation.keyframes.map((k) => [k.frame, k.outside, k.shape])).toEqual([
      [1, false, { type: 'box', x: 50, y: 20, width: 40, height: 20 }],
      [2, true, null],
    ]);
  });

  it('takes a task’s backup as one upload: its pictures one sequence, each track with its keyframes, outside marks and values', async () => {
    const values = (pairs: Record<string, string>) => Object.entries(pairs).map(([name, value]) => ({ name, value }));
    const rectangle = (frame: number, points: number[], moving: string, flags: { occluded?: boolean; outside?: boolean } = {}) =>
      ({ type: 'rectangle', occluded: !!flags.occluded, outside: !!flags.outside, z_order: 0, rotation: 0.0, points, frame, attributes: values({ moving }) });
    const task = {
      name: 'drive', version: '1.0', bug_tracker: '', status: 'annotation', subset: '',
      labels: [{ name: 'car', color: '#ff0000', attributes: [{ name: 'color', mutable: false, input_type: 'select', default_value: 'red', values: ['red', 'blue'] }, { name: 'moving', mutable: true, input_type: 'select', default_value: 'no', values: ['no', 'yes'] }] }, { name: 'road', color: '#00ff00', attributes: [] }],
      data: { chunk_size: 36, image_quality: 70, start_frame: 0, stop_frame: 5, chunk_type: 'imageset', storage_method: 'cache', storage: 'local', sorting_method: 'lexicographical' },
      jobs: [{ start_frame: 0, stop_frame: 5, status: 'annotation' }],
    };
    const annotations = [{
      version: 0,
      tags: [{ frame: 0, label: 'car', group: 0, source: 'manual', attributes: [] }],
      shapes: [{ type: 'rectangle', occluded: false, z_order: 0, rotation: 0.0, points: [150, 10, 190, 40], frame: 1, label: 'car', group: 0, source: 'manual', attributes: values({ color: 'blue', moving: 'no' }) }],
      tracks: [
        { frame: 0, label: 'car', group: 0, source: 'manual', attributes: values({ color: 'red' }), shapes: [rectangle(0, [10, 20, 50, 40], 'no'), rectangle(2, [30, 20, 70, 40], 'yes'), rectangle(3, [30, 30, 70, 50], 'yes', { occluded: true }), rectangle(4, [30, 30, 70, 50], 'yes', { outside: true })] },
        { frame: 2, label: 'road', group: 0, source: 'manual', attributes: [], shapes: [{ type: 'polygon', occluded: false, outside: false, z_order: 0, rotation: 0.0, points: [0, 100, 80, 60, 120, 60, 200, 100], frame: 2, attributes: [] }] },
      ],
    }];
    const pictures = Array.from({ length: 6 }, (_, i) => ({ name: `data/${String(i + 1).padStart(4, '0')}.jpg`, content: jpeg(200, 100, 70 + i) }));
    const manifest = ['{"version":"1.1"}', '{"type":"images"}', ...pictures.map((p) => JSON.stringify({ name: p.name.slice(5, -4), extension: '.jpg', width: 200, height: 100 }))].join('\n');
    const files = [
      { name: 'task.json', content: Buffer.from(JSON.stringify(task)) },
      { name: 'annotations.json', content: Buffer.from(JSON.stringify(annotations)) },
      { name: 'data/manifest.jsonl', content: Buffer.from(manifest) },
      { name: 'data/index.json', content: Buffer.from('{"0":36,"1":97}') },
      ...pictures,
    ];
    const { summary, results } = await migrate('CVAT backup', files);
    expect(summary).toMatchObject({ items: 1, failed: 0 });
    const [parked, car, road] = results.get('data')!.objects;
    expect(car).toMatchObject({ id: '0', attributes: { color: 'red' } });
    expect(car.keyframes.map((k) => [k.frame, k.outside, k.attributes])).toEqual([
      [0, false, { moving: 'no', occluded: '0' }],
      [2, false, { moving: 'yes', occluded: '0' }],
      [3, false, { moving: 'yes', occluded: '1' }],
      [4, true, {}],
    ]);
    expect(car.keyframes[1].shape).toEqual({ type: 'box', x: 30, y: 20, width: 40, height: 20 });
    expect(parked).toMatchObject({ attributes: { color: 'blue' } });
    expect(parked.keyframes.map((k) => [k.frame, k.outside])).toEqual([[1, false], [2, true]]);
    expect(road.keyframes.map((k) => k.frame)).toEqual([2]);
  });

  it('refuses a malformed track by its element, in the caller’s language, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const negative = await importAnnotations(project, batch, 'cvat_video', xml(fixture.replace('<box frame="0"', '<box frame="-1"')));
    expect(negative.status).toBe('failed');
    expect(negative.refusals).toEqual([{ source: 'annotations.xml track[0] box[0] frame', message: 'The file cannot be read as CVAT: the frame is not a whole number within the sequence' }]);
    const twice = await importAnnotations(project, batch, 'cvat_video', xml(fixture.replace('<box frame="3"', '<box frame="2"')), 'all', 'zh_CN');
    expect(twice.refusals).toEqual([{ source: 'annotations.xml track[0] frame 2', message: '无法按 CVAT 读取该文件：该轨迹重复给出了此帧' }]);
    const beyond = await importAnnotations(project, batch, 'cvat_video', xml(fixture.replace('<polygon frame="5"', '<polygon frame="9"')));
    expect(beyond.refusals).toEqual([{ source: 'annotations.xml track[1] frame 9', message: 'The file cannot be read as CVAT: the frame is not a whole number within the sequence' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });
});

describe('CVAT video task backup', () => {
  let project: InteropProject;
  let root: string;

  beforeAll(async () => {
    project = await startInteropProject('CVAT videos', [{ name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue'])] }], 'video');
    root = await mkdtemp(join(tmpdir(), 'cvat-backup-'));
  }, 240_000);
  afterAll(async () => {
    await project?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('takes the backup of a video task that starts at frame 2 and keeps every second frame: its video one item, its track blended over every frame', async () => {
    const { platform, admin, projectId } = project;
    const video = await generateVideo(join(root, 'drive.mp4'), 12, '200x100');
    const task = { name: 'drive', version: '1.0', labels: [{ name: 'car', attributes: [] }], data: { start_frame: 2, stop_frame: 8, frame_filter: 'step=2', chunk_type: 'video' }, jobs: [{ start_frame: 0, stop_frame: 3 }] };
    const rectangle = (frame: number, x: number, outside = false) => ({ type: 'rectangle', occluded: false, outside, z_order: 0, rotation: 0.0, points: [x, 20, x + 40, 40], frame, attributes: [] });
    // Task frames 0, 2 and 3 are the video's frames 2, 6 and 8.
    const annotations = [{ version: 0, tags: [], shapes: [], tracks: [{ frame: 0, label: 'car', group: 0, source: 'manual', attributes: [{ name: 'color', value: 'blue' }], shapes: [rectangle(0, 10), rectangle(2, 50), rectangle(3, 50, true)] }] }];
    const batch = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Video backup', priority: 10, uploadType: 'zip' })).id;
    const zip = await zipOf([
      { name: 'task.json', content: Buffer.from(JSON.stringify(task)) },
      { name: 'annotations.json', content: Buffer.from(JSON.stringify(annotations)) },
      { name: 'data/drive.mp4', content: video },
      { name: 'data/manifest.jsonl', content: Buffer.from('{"version":"1.1"}\n{"type":"video"}\n{"properties":{"name":"drive.mp4","resolution":[200,100],"length":12}}\n') },
    ]);
    const answer = await startAnnotationImport(project, batch, 'cvat_video', { name: 'backup.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${batch}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    expect(summary).toMatchObject({ items: 1, failed: 0 });
    const [car] = (await batchResults(project, batch)).get('data/drive.mp4')!.objects;
    expect(car.attributes).toEqual({ color: 'blue' });
    expect(car.keyframes.map((k) => [k.frame, k.outside, k.shape?.x ?? null])).toEqual([
      [2, false, 10],
      [6, false, 50],
      [8, true, null],
    ]);
  });
});
