// A CVAT or Label Studio export with its images moves in with one upload through the annotation import: the batch's
// import makes its pictures items, then reads the export's annotations for them, attributes kept; the batch's report
// says what was skipped; a CVAT task's backup (task.json, annotations.json, data/) too. A folder sent as its files is
// taken as its zip would be; one that climbs out is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, png, zipOf } from '../support/batches';
import { eventually } from '../support/platform';
import { ok } from '../support/worked-project';
import { startAnnotationImport } from '../support/annotation-imports';
import { batchResults, type InteropProject, startInteropProject } from '../support/interop-project';

const fixture = (...path: string[]) => readFileSync(join(__dirname, '..', 'fixtures', ...path));
const choice = (name: string, options: string[]) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })) });

describe('Migration upload', () => {
  let project: InteropProject;

  beforeAll(async () => {
    project = await startInteropProject('Migrated pictures', [
      { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue']), choice('occluded', ['0', '1'])] },
      { name: 'road', templateType: 'polygon' },
      { name: 'lane', templateType: 'line' },
      { name: 'sign', templateType: 'point' },
      { name: 'stain', templateType: 'mask' },
    ]);
  }, 240_000);
  afterAll(async () => project?.stop());

  /** An empty batch, the export uploaded to it through the annotation import, and the batch once its import is done. */
  async function migrate(name: string, format: string, upload: Parameters<typeof startAnnotationImport>[3]) {
    const { platform, admin, projectId } = project;
    const batch = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name, priority: 10, uploadType: 'zip' })).id;
    const answer = await startAnnotationImport(project, batch, format, upload);
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    const summary = await eventually(
      () => ok<{ importing: unknown; items: number; failed: number; failureMessage: string | null }>(platform, 'GET', `/manage/batches/${batch}`, admin),
      (b) => b.importing === null && b.items > 0,
      60_000,
    );
    return { batch, summary, results: await batchResults(project, batch) };
  }

  async function report(batch: string): Promise<string[]> {
    const { platform, admin } = project;
    const csv = await fetch(`${platform.baseUrl}/manage/batches/${batch}/failures`, { headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
    return (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
  }

  it('makes the items of a zipped CVAT export and gives each its objects with their attributes', async () => {
    const images = ['a.jpg', 'b.jpg', 'c.jpg'].map((name, i) => ({ name: `images/${name}`, content: jpeg(200, 100, i + 1) }));
    const zip = await zipOf([{ name: 'annotations.xml', content: fixture('cvat', 'images', 'annotations.xml') }, ...images]);
    const { batch, summary, results } = await migrate('CVAT task', 'cvat_images', { name: 'task.zip', content: zip });
    expect(summary).toMatchObject({ items: 3, failed: 0, failureMessage: '已导入，部分文件有说明（查看导入报告）' });
    expect(new Map([...results].map(([name, item]) => [name, item.objects.length]))).toEqual(new Map([['images/a.jpg', 3], ['images/b.jpg', 3], ['images/c.jpg', 0]]));
    const boxes = results.get('images/a.jpg')!.objects.filter((o) => o.keyframes[0].shape.type === 'box');
    expect(boxes.map((o) => o.attributes)).toEqual([{ color: 'red', occluded: '1' }, { color: 'blue' }]);
    expect(await report(batch)).toEqual([
      "annotations.xml image[2] cuboid[0],The cuboid was skipped: a cuboid drawn on an image has no counterpart; the project's cuboids are 3D boxes in a point cloud",
      'annotations.xml image[2] tag[0],"The tag was skipped: a tag labels the whole image, which the project holds as item attributes, not objects"',
    ]);
  });

  it('makes the items of a Label Studio export zipped with its media folder and finds each task its picture', async () => {
    const zip = await zipOf([
      { name: 'project-export.json', content: fixture('label-studio', 'project-export.json') },
      { name: 'media/upload/3/6f1a2b3c-a.jpg', content: jpeg(200, 100, 11) },
      { name: 'media/local/b.jpg', content: jpeg(200, 100, 12) },
      { name: 'media/upload/3/0a1b2c3d-c.jpg', content: jpeg(200, 100, 13) },
    ]);
    const { batch, summary, results } = await migrate('Label Studio project', 'label_studio', { name: 'export.zip', content: zip });
    expect(summary).toMatchObject({ items: 3, failed: 0 });
    const counts = new Map([...results].map(([name, item]) => [name, item.objects.length]));
    expect(counts).toEqual(new Map([['media/upload/3/6f1a2b3c-a.jpg', 5], ['media/local/b.jpg', 1], ['media/upload/3/0a1b2c3d-c.jpg', 0]]));
    expect(results.get('media/upload/3/6f1a2b3c-a.jpg')!.objects[0]).toMatchObject({ id: 'r1', attributes: { color: 'red' }, keyframes: [{ shape: { type: 'box', x: 10, y: 20, width: 50, height: 30 } }] });
    expect(await report(batch)).toEqual([
      'project-export.json [0] result[7],The choices was skipped: the project has no object of this kind (only regions and their per-region values are imported)',
      'project-export.json [1],Only the first of its 2 annotations was imported',
    ]);
  });

  it('takes a CVAT project export sent as its folder’s files, each subset’s picture apart', async () => {
    // A project export keeps each subset's images in a folder of its own; one name in two subsets is two pictures.
    const text = fixture('cvat', 'images', 'annotations.xml')
      .toString('utf8')
      .replace('<image id="0" name="a.jpg"', '<image id="0" name="a.jpg" subset="Train"')
      .replace('<image id="1" name="b.jpg"', '<image id="1" name="a.jpg" subset="Validation"')
      .replace('<image id="2" name="c.jpg"', '<image id="2" name="c.jpg" subset="Train"');
    const folder = [
      { name: 'streets/annotations.xml', content: Buffer.from(text) },
      { name: 'streets/images/Train/a.jpg', content: jpeg(200, 100, 51) },
      { name: 'streets/images/Validation/a.jpg', content: jpeg(200, 100, 52) },
      { name: 'streets/images/Train/c.jpg', content: jpeg(200, 100, 53) },
    ];
    const { results } = await migrate('CVAT project', 'cvat_images', folder);
    const counts = new Map([...results].map(([name, item]) => [name, item.objects.length]));
    expect(counts).toEqual(new Map([['streets/images/Train/a.jpg', 3], ['streets/images/Validation/a.jpg', 3], ['streets/images/Train/c.jpg', 0]]));
  });

  it('takes a CVAT image task’s backup as one upload: each picture an item, a track’s frames on the pictures it runs over', async () => {
    const task = { name: 'streets', version: '1.0', labels: [{ name: 'car', attributes: [] }], data: { start_frame: 0, stop_frame: 2, chunk_type: 'imageset' }, jobs: [{ start_frame: 0, stop_frame: 2 }] };
    const shape = (type: string, frame: number, label: string, points: number[], more: Record<string, unknown> = {}) => ({ type, occluded: false, z_order: 0, rotation: 0.0, points, frame, label, group: 0, source: 'manual', attributes: [], ...more });
    const annotations = [{
      version: 0,
      tags: [],
      shapes: [
        shape('rectangle', 0, 'car', [10, 20, 60, 50], { attributes: [{ name: 'color', value: 'blue' }] }),
        shape('polygon', 1, 'road', [0, 100, 80, 60, 120, 60, 200, 100]),
        // A 2 × 2 mask at (10, 10): its runs over its own box, then left, top, right and bottom.
        shape('mask', 2, 'stain', [0, 4, 10, 10, 11, 11]),
      ],
      tracks: [{ frame: 0, label: 'car', group: 0, source: 'manual', attributes: [{ name: 'color', value: 'red' }], shapes: [
        { type: 'rectangle', occluded: false, outside: false, z_order: 0, rotation: 0.0, points: [100, 20, 140, 40], frame: 0, attributes: [] },
        { type: 'rectangle', occluded: false, outside: true, z_order: 0, rotation: 0.0, points: [100, 20, 140, 40], frame: 2, attributes: [] },
      ] }],
    }];
    const zip = await zipOf([
      { name: 'task.json', content: Buffer.from(JSON.stringify(task)) },
      { name: 'annotations.json', content: Buffer.from(JSON.stringify(annotations)) },
      { name: 'data/manifest.jsonl', content: Buffer.from('{"version":"1.1"}\n{"type":"images"}\n') },
      ...['a.jpg', 'b.jpg', 'c.jpg'].map((name, i) => ({ name: `data/${name}`, content: jpeg(200, 100, 91 + i) })),
    ]);
    const { summary, results } = await migrate('CVAT backup', 'cvat_images', { name: 'backup.zip', content: zip });
    expect(summary).toMatchObject({ items: 3, failed: 0 });
    const drawn = new Map([...results].map(([name, item]) => [name, item.objects.map((o) => [o.keyframes[0].shape.type, o.attributes.color ?? null])]));
    expect(drawn).toEqual(new Map([
      ['data/a.jpg', [['box', 'blue'], ['box', 'red']]],
      ['data/b.jpg', [['polygon', null], ['box', 'red']]],
      ['data/c.jpg', [['mask', null]]],
    ]));
  });

  it('puts a CVAT for video export’s shapes on the pictures made of its frames', async () => {
    const frames = Array.from({ length: 6 }, (_, n) => ({ name: `images/frame_${String(n).padStart(6, '0')}.PNG`, content: png(200, 100, 60 + n) }));
    const zip = await zipOf([{ name: 'annotations.xml', content: fixture('cvat', 'video', 'annotations.xml') }, ...frames]);
    const { summary, results } = await migrate('CVAT video frames', 'cvat_video', { name: 'video.zip', content: zip });
    expect(summary).toMatchObject({ items: 6, failed: 0 });
    // The car leaves at frame 4; the road comes at frame 2 and stays.
    const classes = new Map([...results].map(([name, item]) => [name, item.objects.map((o) => o.keyframes[0].shape.type)]));
    expect(classes).toEqual(new Map(frames.map((f, n) => [f.name, [...(n < 4 ? ['box'] : []), ...(n >= 2 ? ['polygon'] : [])]])));
    expect(results.get('images/frame_000003.PNG')!.objects[0]).toMatchObject({ attributes: { color: 'red', occluded: '1' }, keyframes: [{ shape: { type: 'box', x: 30, y: 30, width: 40, height: 20 } }] });
  });

  it('refuses a folder whose file climbs out of it, and writes nothing', async () => {
    const { platform, admin, projectId } = project;
    const batch = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Climbing', priority: 10, uploadType: 'zip' })).id;
    const answer = await startAnnotationImport(project, batch, 'cvat_images', [
      { name: 'streets/annotations.xml', content: fixture('cvat', 'images', 'annotations.xml') },
      { name: '../a.jpg', content: jpeg(200, 100, 61) },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.errCode).toBe('VALIDATION_FAILED');
    expect((await ok<{ items: number; importing: unknown }>(platform, 'GET', `/manage/batches/${batch}`, admin))).toMatchObject({ items: 0, importing: null });
  });

  it('reports a refused line of the shipped annotations and writes none of them, the pictures still made items', async () => {
    const text = fixture('cvat', 'images', 'annotations.xml').toString('utf8').replace('xtl="10.00"', 'xtl="ten"');
    const zip = await zipOf([{ name: 'annotations.xml', content: Buffer.from(text) }, ...['a.jpg', 'b.jpg', 'c.jpg'].map((name, i) => ({ name: `images/${name}`, content: jpeg(200, 100, 21 + i) }))]);
    const { batch, summary, results } = await migrate('CVAT refused', 'cvat_images', { name: 'task.zip', content: zip });
    expect(summary.items).toBe(3);
    expect([...results.values()].every((item) => item.objects.length === 0)).toBe(true);
    expect(await report(batch)).toContain('annotations.xml image[0] box[0] xtl,The file cannot be read as CVAT: this value must be a number and is missing or is not one');
  });
});
