// Datumaro's own JSON as Datumaro writes it: boxes (turned ones by their rotation attribute), polygons, polylines,
// points and COCO-RLE masks import with their attributes; labels and captions of the whole image are skipped with a
// warning; an export of the import gives every annotation back field by field; a malformed dataset is refused by its
// place and writes nothing. A Datumaro project folder, zipped with its dot folders and a source's dataset, is one
// upload like an export. A video as CVAT exports it through Datumaro (an item per frame, each shape naming its
// track by `track_id`) zipped with its frames is one upload into a sequence project: one sequence, each track with its
// keyframes and the frames it leaves; tags of a frame are skipped with a warning; its export reads back the same.
// Datumaro 0.1's layout (items named by id, pictures at images/<id>.jpg, masks as PNGs by mask_id) is one upload too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, png, zipOf } from '../support/batches';
import { eventually } from '../support/platform';
import { importAnnotations, startAnnotationImport } from '../support/annotation-imports';
import { batchResults, exportArchive, type InteropProject, startInteropProject, streetPictures } from '../support/interop-project';
import { ok } from '../support/worked-project';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'datumaro', 'annotations', 'default.json'));
const json = (dataset: unknown) => ({ name: 'default.json', content: Buffer.from(JSON.stringify(dataset)) });
/** A grey PNG, 1 where `painted` says and 0 elsewhere, as Datumaro 0.1 saves a mask. */
function greyMask(width: number, height: number, painted: (x: number, y: number) => boolean): Buffer {
  const png = new PNG({ width, height, colorType: 0 });
  for (let at = 0; at < width * height; at++) png.data.fill(painted(at % width, Math.floor(at / width)) ? 1 : 0, 4 * at, 4 * at + 3).fill(255, 4 * at + 3, 4 * at + 4);
  return PNG.sync.write(png, { colorType: 0 });
}
const choice = (name: string, options: string[]) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })) });

interface Dataset {
  categories: { label: { labels: { name: string }[] } };
  items: { image: { path: string; size: number[] }; annotations: Record<string, any>[] }[];
}

/** Each item's annotations by image name, with their label's name for its id and the default `occluded: false` left out. */
function annotations(dataset: Dataset): Map<string, unknown> {
  const names = dataset.categories.label.labels.map((l) => l.name);
  return new Map(
    dataset.items.map((item) => [
      item.image.path.split('/').pop()!,
      {
        size: item.image.size,
        annotations: item.annotations.map(({ label_id: labelId, attributes, ...rest }) => {
          const { occluded, ...values } = attributes ?? {};
          return { ...rest, label: names[labelId], attributes: occluded === false ? values : attributes };
        }),
      },
    ]),
  );
}

describe('Datumaro import', () => {
  let project: InteropProject;
  let batch: string;

  beforeAll(async () => {
    project = await startInteropProject('Datumaro pictures', [
      { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue'])] },
      { name: 'road', templateType: 'polygon' },
      { name: 'lane', templateType: 'line' },
      { name: 'sign', templateType: 'point' },
      { name: 'stain', templateType: 'mask' },
    ]);
    batch = await streetPictures(project);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports every annotation the project has a tool for, and warns for each label and caption of a whole image', async () => {
    const answer = await importAnnotations(project, batch, 'datumaro', { name: 'default.json', content: fixture });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 3, objects: 6, refusals: [] });
    expect(answer.warnings).toEqual([
      { source: 'default.json items[2] annotations[0]', message: 'The label was skipped: the project has no object of this kind' },
      { source: 'default.json items[2] annotations[1]', message: 'The caption was skipped: the project has no object of this kind' },
    ]);
    const found = await batchResults(project, batch);
    const [box, turned] = found.get('a.jpg')!.objects;
    expect(box).toMatchObject({ id: '1', attributes: { color: 'red' }, keyframes: [{ shape: { type: 'box', x: 10, y: 20, width: 50, height: 30 } }] });
    expect(turned.keyframes[0].shape.rotation).toBeCloseTo(Math.PI / 6, 9);
    const mask = found.get('b.jpg')!.objects.find((o) => o.keyframes[0].shape.type === 'mask')!.keyframes[0].shape;
    expect(mask.counts).toEqual([30 * 200 + 20, 2, 1, 1, 200 - 4, 2, 200 * 100 - (31 * 200 + 22)]);
  });

  it('exports the import back with every annotation, its label, its values and its coordinates', async () => {
    const entries = await exportArchive(project, 'datumaro', [batch]);
    const exported = JSON.parse(entries.get('annotations/default.json')!.toString('utf8')) as Dataset;
    const shipped = JSON.parse(fixture.toString('utf8')) as Dataset;
    // The label and caption of the whole image are what the import left out.
    shipped.items[2].annotations = [];
    expect(annotations(exported)).toEqual(annotations(shipped));
  });

  it('takes an export zipped with its pictures as one upload, each subset’s picture of one name apart', async () => {
    const { platform, admin, projectId } = project;
    const id = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Datumaro export', priority: 10, uploadType: 'zip' })).id;
    const shipped = JSON.parse(fixture.toString('utf8'));
    const subset = (items: unknown[]) => Buffer.from(JSON.stringify({ ...shipped, items }));
    // Datumaro keeps each subset's pictures under images/<subset>/; both subsets hold an "a.jpg".
    const zip = await zipOf([
      { name: 'annotations/Train.json', content: subset([shipped.items[0]]) },
      { name: 'annotations/Validation.json', content: subset([{ ...shipped.items[1], id: 'a', image: { ...shipped.items[1].image, path: 'a.jpg' } }]) },
      { name: 'images/Train/a.jpg', content: jpeg(200, 100, 81) },
      { name: 'images/Validation/a.jpg', content: jpeg(200, 100, 82) },
    ]);
    const answer = await startAnnotationImport(project, id, 'datumaro', { name: 'export.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${id}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    const results = await batchResults(project, id);
    const kinds = new Map([...results].map(([name, item]) => [name, item.objects.map((o) => o.keyframes[0].shape.type)]));
    expect(kinds).toEqual(new Map([['images/Train/a.jpg', ['box', 'box', 'polygon']], ['images/Validation/a.jpg', ['line', 'point', 'mask']]]));
  });

  it('takes a Datumaro project folder as one upload: its sources’ datasets with their pictures, its own bookkeeping left out', async () => {
    const { platform, admin, projectId } = project;
    const id = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Datumaro project', priority: 10, uploadType: 'zip' })).id;
    const shipped = JSON.parse(fixture.toString('utf8'));
    // As `datum project create` and `datum project import -f datumaro -n drive` leave a project: the project's
    // configuration and its DVC bookkeeping in dot folders, the source's dataset in a folder named after the source.
    const tree = 'format_version: 2\nsources:\n  drive:\n    format: datumaro\n    path: drive\n    url: drive\n';
    const zip = await zipOf([
      { name: 'street/.datumaro/config.yml', content: Buffer.from('format_version: 2\n') },
      { name: 'street/.datumaro/tree/config.yml', content: Buffer.from(tree) },
      { name: 'street/.datumaro/tree/sources/drive.json', content: Buffer.from('{"hash": "0f3c", "path": "drive"}') },
      { name: 'street/.dvc/config', content: Buffer.from('[core]\n    no_scm = True\n') },
      { name: 'street/.dvcignore', content: Buffer.from('') },
      { name: 'street/drive/annotations/default.json', content: Buffer.from(JSON.stringify({ ...shipped, items: shipped.items.slice(0, 2).map((item: Dataset['items'][number], i: number) => ({ ...item, id: `corner_${i}`, image: { ...item.image, path: `corner_${i}.jpg` } })) })) },
      { name: 'street/drive/images/default/corner_0.jpg', content: jpeg(200, 100, 91) },
      { name: 'street/drive/images/default/corner_1.jpg', content: jpeg(200, 100, 92) },
    ]);
    const answer = await startAnnotationImport(project, id, 'datumaro', { name: 'street.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${id}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    expect(summary).toMatchObject({ items: 2, failed: 0 });
    const results = await batchResults(project, id);
    const kinds = new Map([...results].map(([name, item]) => [name, item.objects.map((o) => o.keyframes[0].shape.type)]));
    expect(kinds).toEqual(new Map([['street/drive/images/default/corner_0.jpg', ['box', 'box', 'polygon']], ['street/drive/images/default/corner_1.jpg', ['line', 'point', 'mask']]]));
  });

  it('takes a Datumaro 0.1 export as one upload: items named by their id with pictures at images/<id>.jpg, masks as PNGs of their own', async () => {
    const { platform, admin, projectId } = project;
    const id = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Datumaro 0.1', priority: 10, uploadType: 'zip' })).id;
    // As Datumaro 0.1 writes a dataset: no image entry, a null group, the mask a 0/1 grey PNG named by its mask_id.
    const dataset = {
      info: {},
      categories: { label: { labels: [{ name: 'car', parent: '' }, { name: 'stain', parent: '' }] }, mask: { colormap: [{ label_id: 1, r: 128, g: 0, b: 0 }] } },
      items: [
        { id: 'left', annotations: [
          { id: 1, type: 'bbox', attributes: { color: 'blue' }, group: null, label_id: 0, bbox: [10, 20, 50, 30] },
          { id: 2, type: 'mask', attributes: {}, group: null, label_id: 1, mask_id: 1 },
        ] },
        { id: 'right', annotations: [{ id: 3, type: 'caption', attributes: {}, group: null, caption: 'a quiet street' }] },
      ],
    };
    const zip = await zipOf([
      { name: 'annotations/default.json', content: Buffer.from(JSON.stringify(dataset)) },
      { name: 'annotations/masks/1.png', content: greyMask(200, 100, (x, y) => x >= 20 && x < 40 && y >= 30 && y < 35) },
      { name: 'images/left.jpg', content: jpeg(200, 100, 71) },
      { name: 'images/right.jpg', content: jpeg(200, 100, 72) },
    ]);
    const answer = await startAnnotationImport(project, id, 'datumaro', { name: 'dataset.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${id}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    // The mask is no picture of the batch.
    expect(summary).toMatchObject({ items: 2, failed: 0 });
    const results = await batchResults(project, id);
    const [box, mask] = results.get('images/left.jpg')!.objects;
    expect(box).toMatchObject({ id: '1', attributes: { color: 'blue' }, keyframes: [{ shape: { type: 'box', x: 10, y: 20, width: 50, height: 30 } }] });
    expect(mask.keyframes[0].shape).toMatchObject({ type: 'mask', width: 200, height: 100, counts: [30 * 200 + 20, ...Array(4).fill([20, 180]).flat(), 20, 100 * 200 - (34 * 200 + 40)] });
    expect(results.get('images/right.jpg')!.objects).toEqual([]);
  });

  it('refuses a Datumaro 0.1 mask whose PNG is not in the upload, by its place, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const dataset = { categories: { label: { labels: [{ name: 'stain', parent: '' }] } }, items: [{ id: 'a', annotations: [{ id: 1, type: 'mask', attributes: {}, group: null, label_id: 0, mask_id: 7 }] }] };
    const zip = await zipOf([{ name: 'annotations/default.json', content: Buffer.from(JSON.stringify(dataset)) }]);
    const answer = await importAnnotations(project, batch, 'datumaro', { name: 'dataset.zip', content: zip });
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: 'annotations/default.json items[0] annotations[0]', message: 'The PNG "annotations/masks/7.png" the annotation names is not in the upload' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });

  it('refuses a malformed dataset by its place, in the caller’s language, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const shipped = JSON.parse(fixture.toString('utf8'));
    shipped.items[0].annotations[0].bbox = [10, 20, 50];
    shipped.items[0].annotations[2].label_id = 42;
    shipped.items[1].annotations[2].rle.counts = 'zz';
    const answer = await importAnnotations(project, batch, 'datumaro', json(shipped));
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([
      { source: 'default.json items[0] annotations[0]', message: 'The file cannot be read as Datumaro: this value must be a number and is missing or is not one' },
      { source: 'default.json items[0] annotations[2] label_id', message: 'The file cannot be read as Datumaro: the label_id names no label of the categories' },
      { source: 'default.json items[1] annotations[2]', message: 'The file cannot be read as Datumaro: the mask is not an RLE with counts covering its size' },
    ]);
    const chinese = await importAnnotations(project, batch, 'datumaro', json({ items: 'none' }), 'all', 'zh_CN');
    expect(chinese.refusals).toEqual([{ source: 'default.json', message: '无法按 Datumaro 读取该文件：Datumaro 数据集应为带 items 列表的对象' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });
});

describe('Datumaro video import', () => {
  let project: InteropProject;
  let batch: string;
  const frame = (n: number) => `frame_${String(n).padStart(6, '0')}`;
  // What CVAT writes for a video task through Datumaro: occluded on every shape, rotation on every box, track_id and
  // keyframe on a track's shapes, nothing for a track where it is outside, a tag as a label of the frame.
  const box = (track: number | null, x: number, values: Record<string, unknown>) => ({
    id: 0, type: 'bbox', bbox: [x, 20, 40, 20], label_id: 0, group: 0, z_order: 0,
    attributes: { occluded: false, rotation: 0.0, ...values, ...(track === null ? {} : { track_id: track, keyframe: true }) },
  });
  const road = { id: 0, type: 'polygon', points: [0, 100, 80, 60, 120, 60, 200, 100], label_id: 1, group: 0, z_order: 0, attributes: { occluded: false, track_id: 1, keyframe: false } };
  const shapesAt: Record<string, unknown>[][] = [
    [box(0, 10, { color: 'red', moving: 'no' }), { id: 0, type: 'label', label_id: 2, group: 0, attributes: {} }],
    [box(0, 20, { color: 'red', moving: 'no' }), box(null, 150, { color: 'blue', moving: 'no' })],
    [box(0, 30, { color: 'red', moving: 'yes' }), road],
    [box(0, 40, { color: 'red', moving: 'yes', occluded: true }), road],
    [road],
    [road],
  ];
  const dataset = {
    info: {},
    categories: { label: { labels: ['car', 'road', 'night'].map((name) => ({ name, parent: '', attributes: [] })), attributes: ['occluded'] } },
    items: shapesAt.map((annotations, n) => ({ id: frame(n), annotations, attr: { frame: n }, image: { path: `${frame(n)}.PNG`, size: [100, 200] } })),
  };

  beforeAll(async () => {
    project = await startInteropProject(
      'Datumaro drives',
      [
        { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue']), { ...choice('moving', ['no', 'yes']), frameAttribute: true }] },
        { name: 'road', templateType: 'polygon' },
      ],
      'picture_continuous_frame',
    );
  }, 240_000);
  afterAll(async () => project?.stop());

  it('takes the export zipped with its frames as one upload: one sequence whose tracks keep their keyframes and the frames they leave', async () => {
    const { platform, admin, projectId } = project;
    batch = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Drives', priority: 10, uploadType: 'zip' })).id;
    const frames = shapesAt.map((_, n) => ({ name: `images/default/${frame(n)}.PNG`, content: png(200, 100, 40 + n) }));
    const zip = await zipOf([{ name: 'annotations/default.json', content: Buffer.from(JSON.stringify(dataset)) }, ...frames]);
    const answer = await startAnnotationImport(project, batch, 'datumaro', { name: 'export.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${batch}`, admin), (b) => b.importing === null && b.items > 0, 60_000);
    expect(summary).toMatchObject({ items: 1, failed: 0 });
    const [car, parked, lane] = (await batchResults(project, batch)).get('images/default')!.objects;
    expect(car).toMatchObject({ id: '0', attributes: { color: 'red' } });
    expect(car.keyframes.map((k) => [k.frame, k.outside, k.attributes])).toEqual([
      [0, false, { moving: 'no' }],
      [2, false, { moving: 'yes' }],
      [3, false, { moving: 'yes' }],
      [4, true, {}],
    ]);
    expect(car.keyframes[2].shape).toEqual({ type: 'box', x: 40, y: 20, width: 40, height: 20 });
    expect(lane.keyframes.map((k) => k.frame)).toEqual([2]);
    // A shape of no track is an object of its own, in the scene at its frame only.
    expect(parked.keyframes.map((k) => [k.frame, k.outside])).toEqual([[1, false], [2, true]]);
    const report = await fetch(`${platform.baseUrl}/manage/batches/${batch}/failures`, { headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
    expect((await report.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1)).toEqual([
      'annotations/default.json items[0] annotations[1],The label was skipped: the project has no object of this kind',
      'annotations/default.json items[3] annotations[0],"The tool ""car"" has no attribute ""occluded"": its value ""true"" was skipped"',
    ]);
  });

  it('exports the sequence an item per frame with its tracks, which reads back into the same results', async () => {
    const before = await batchResults(project, batch);
    const exported = (await exportArchive(project, 'datumaro', [batch])).get('annotations/default.json')!;
    const written = JSON.parse(exported.toString('utf8')) as { items: { id: string; attr: { frame: number }; annotations: { attributes: Record<string, unknown> }[] }[] };
    expect(written.items.map((i) => [i.id, i.attr.frame, i.annotations.map((a) => a.attributes.track_id)])).toEqual([
      ['Drives/images/default/frame_000000', 0, [0]],
      ['Drives/images/default/frame_000001', 1, [0, 2]],
      ['Drives/images/default/frame_000002', 2, [0, 1]],
      ['Drives/images/default/frame_000003', 3, [0, 1]],
      ['Drives/images/default/frame_000004', 4, [1]],
      ['Drives/images/default/frame_000005', 5, [1]],
    ]);
    const answer = await importAnnotations(project, batch, 'datumaro', { name: 'annotations/default.json', content: exported });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 3, refusals: [], warnings: [] });
    // Datumaro numbers tracks: the shape of no track, numbered on the import, comes back as track 2.
    const objects = (results: Map<string, { objects: { id: string }[] }>) => [...results.values()].map((item) => item.objects.map(({ id: _id, ...object }) => object));
    const after = await batchResults(project, batch);
    expect(objects(after)).toEqual(objects(before));
    expect(after.get('images/default')!.objects.map((o) => o.id)).toEqual(['0', '2', '1']);
  });
});
