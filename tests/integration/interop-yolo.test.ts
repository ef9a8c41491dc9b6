// YOLO as its tools ship it: CVAT's Darknet layout (obj.data, obj.names, image lists, obj_<subset>_data/), the
// Ultralytics layout (data.yaml with names as a map or a list, images/ and labels/ by split) and a bare classes.txt
// import with every object; six-decimal coordinates a hair past the edge are clamped; an export read back and
// exported again gives the same label files; a malformed line is refused with its line and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/batches';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, fixtureFiles, imageBatch, type InteropProject, startInteropProject, textEntries } from '../support/interop-project';

const size = { width: 200, height: 100 };
const darknetImages = ['obj_train_data/frame_000000.jpg', 'obj_train_data/frame_000001.jpg', 'obj_valid_data/frame_000002.jpg'];
const ultralyticsImages = ['images/train/a.jpg', 'images/train/b.jpg', 'images/val/c.jpg'];

describe('YOLO import', () => {
  let project: InteropProject;
  let darknetBatch: string;
  let ultralyticsBatch: string;

  const objectCounts = async (batchId: string) => new Map([...(await batchResults(project, batchId))].map(([name, item]) => [name, item.objects.length]));
  const zip = async (files: { name: string; content: Buffer }[]) => ({ name: 'yolo.zip', content: await zipOf(files) });

  beforeAll(async () => {
    project = await startInteropProject('YOLO interop', [
      { name: 'car', templateType: 'box' },
      { name: 'person', templateType: 'box' },
      { name: 'road', templateType: 'polygon' },
    ]);
    darknetBatch = await imageBatch(project, 'Darknet', darknetImages.map((name) => ({ name, ...size })));
    ultralyticsBatch = await imageBatch(project, 'Ultralytics', ultralyticsImages.map((name) => ({ name, ...size })));
  }, 240_000);
  afterAll(async () => project?.stop());

  it('reads the Darknet layout, never its image lists as labels, and clamps edges written a hair outside the image', async () => {
    const answer = await importAnnotations(project, darknetBatch, 'yolo', await zip(fixtureFiles('yolo/darknet')));
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 3, objects: 5, refusals: [], warnings: [] });
    expect(await objectCounts(darknetBatch)).toEqual(new Map([[darknetImages[0], 2], [darknetImages[1], 2], [darknetImages[2], 1]]));
    const clamped = (await batchResults(project, darknetBatch)).get(darknetImages[1])!;
    const boxes = clamped.objects.map((o) => o.keyframes[0].shape);
    expect(boxes[0].x).toBe(0);
    expect(boxes[1].x + boxes[1].width).toBeCloseTo(size.width, 9);
  });

  it('reads the Ultralytics layout with names as a map, polygons included, and with names as a list beside an image list', async () => {
    const files = fixtureFiles('yolo/ultralytics');
    const answer = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(files));
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 3, objects: 4, refusals: [] });
    const results = await batchResults(project, ultralyticsBatch);
    const road = results.get('images/train/a.jpg')!.objects.find((o) => o.keyframes[0].shape.type === 'polygon')!;
    expect(road.keyframes[0].shape.points).toEqual([{ x: 0, y: 100 }, { x: 80, y: 60 }, { x: 120, y: 60 }, { x: 200, y: 100 }]);

    // CVAT's Ultralytics export: names as a list, the split as train.txt listing its images.
    const listed = [
      ...files.filter((f) => f.name !== 'data.yaml'),
      { name: 'data.yaml', content: Buffer.from("path: ./\ntrain: train.txt\nnames: ['car', 'person', 'road']\n") },
      { name: 'train.txt', content: Buffer.from(ultralyticsImages.join('\n')) },
    ];
    const again = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(listed));
    expect(again).toMatchObject({ items: 3, objects: 4, refusals: [] });
  });

  it('reads label files beside a bare classes.txt', async () => {
    const bare = [
      { name: 'classes.txt', content: Buffer.from('car\nperson\n') },
      { name: 'a.txt', content: Buffer.from('0 0.5 0.5 0.2 0.4\n') },
      { name: 'b.txt', content: Buffer.from('1 0.25 0.3 0.1 0.2\n0 0.5 0.5 0.2 0.4\n') },
    ];
    const answer = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(bare));
    expect(answer).toMatchObject({ items: 2, objects: 3, refusals: [] });
    expect((await objectCounts(ultralyticsBatch)).get('images/train/b.jpg')).toBe(2);
  });

  it('exports what it imported, and the export read back into a new batch exports the same label files', async () => {
    const first = textEntries(await exportArchive(project, 'yolo', [darknetBatch]), /^labels\/|classes\.txt$/);
    const copy = await imageBatch(project, 'Darknet copy', darknetImages.map((name) => ({ name, ...size })));
    const archive = [...first].map(([name, content]) => ({ name, content: Buffer.from(content) }));
    const answer = await importAnnotations(project, copy, 'yolo', await zip(archive));
    expect(answer).toMatchObject({ items: 3, objects: 5, refusals: [] });
    const second = textEntries(await exportArchive(project, 'yolo', [copy]), /^labels\/|classes\.txt$/);
    const rename = (entries: Map<string, string>, batch: string) => new Map([...entries].map(([name, content]) => [name.replace(`labels/${batch}/`, 'labels/'), content]));
    expect(rename(second, 'Darknet copy')).toEqual(rename(first, 'Darknet'));
    expect([...first.values()].join('')).toContain('0 0.500000 0.500000 0.200000 0.400000');
  });

  it('with mode good, writes the good items and says which files and objects it dropped, for a zip as for one file', async () => {
    const partial = [
      { name: 'classes.txt', content: Buffer.from('car\nperson\n') },
      { name: 'labels/train/a.txt', content: Buffer.from('0 0.5 0.5 0.2 0.4\n') },
      { name: 'labels/train/b.txt', content: Buffer.from('1 0.25 0.3 0.1 0.2\n9 0.5 0.5 0.2 0.4\n') },
    ];
    const answer = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(partial), 'good');
    expect(answer.status).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 1, dropped: { files: ['labels/train/b.txt'], objects: ['labels/train/b.txt:2', 'labels/train/b.txt:1'] } });

    const single = await importAnnotations(project, ultralyticsBatch, 'coco', { name: 'instances.json', content: Buffer.from(JSON.stringify({
      images: [{ id: 1, file_name: 'images/train/a.jpg' }, { id: 2, file_name: 'images/train/nowhere.jpg' }],
      categories: [{ id: 1, name: 'car' }],
      annotations: [{ image_id: 1, category_id: 1, bbox: [10, 10, 20, 20] }, { image_id: 2, category_id: 1, bbox: [10, 10, 20, 20] }],
    })) }, 'good');
    expect(single.status).toBe('finished');
    expect(single).toMatchObject({ items: 1, objects: 1, dropped: { files: ['instances.json images[1]'], objects: ['instances.json annotations[1]'] } });
  });

  it('refuses malformed lines with their line and reason, in English and Chinese, and writes nothing', async () => {
    const before = await batchResults(project, ultralyticsBatch);
    const broken = [
      { name: 'classes.txt', content: Buffer.from('car\nperson\n') },
      { name: 'labels/train/a.txt', content: Buffer.from('0 0.5 0.5 0.2 0.4\n0 0.5 0.5\n') },
      { name: 'labels/train/b.txt', content: Buffer.from('0 0.5 0.5 1.7 0.2\n') },
    ];
    const english = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(broken));
    expect(english.status).toBe('failed');
    expect(english.refusals).toEqual([
      { source: 'labels/train/a.txt:2', message: 'The shape is not valid: a line holds a box (4 numbers) or a polygon (3 or more x, y pairs)' },
      { source: 'labels/train/b.txt:1', message: 'The shape is not valid: coordinates must be numbers from 0 to 1' },
    ]);
    const chinese = await importAnnotations(project, ultralyticsBatch, 'yolo', await zip(broken), 'all', 'zh_CN');
    expect(chinese.reason).toBe('导入失败，错误如下。');
    expect(chinese.refusals[0].message).toMatch(/^图形无效/);
    expect(await batchResults(project, ultralyticsBatch)).toEqual(before);
  });
});
