// Datumaro's own JSON as Datumaro writes it: boxes (turned ones by their rotation attribute), polygons, polylines,
// points and COCO-RLE masks import with their attributes; labels and captions of the whole image are skipped with a
// warning; an export of the import gives every annotation back field by field; a malformed dataset is refused by its
// place and writes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResults, exportArchive, importAnnotations, type InteropProject, startInteropProject, streetPictures } from '../support/interop-project';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'datumaro', 'annotations', 'default.json'));
const json = (dataset: unknown) => ({ name: 'default.json', content: Buffer.from(JSON.stringify(dataset)) });
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
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ items: 3, objects: 6, refusals: [] });
    expect(answer.body.data.warnings).toEqual([
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

  it('refuses a malformed dataset by its place, in the caller’s language, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const shipped = JSON.parse(fixture.toString('utf8'));
    shipped.items[0].annotations[0].bbox = [10, 20, 50];
    shipped.items[0].annotations[2].label_id = 42;
    shipped.items[1].annotations[2].rle.counts = 'zz';
    const answer = await importAnnotations(project, batch, 'datumaro', json(shipped));
    expect(answer.status).toBe(400);
    expect(answer.body.data.refusals).toEqual([
      { source: 'default.json items[0] annotations[0]', message: 'The file cannot be read as Datumaro: this value must be a number and is missing or is not one' },
      { source: 'default.json items[0] annotations[2] label_id', message: 'The file cannot be read as Datumaro: the label_id names no label of the categories' },
      { source: 'default.json items[1] annotations[2]', message: 'The file cannot be read as Datumaro: the mask is not an RLE with counts covering its size' },
    ]);
    const chinese = await importAnnotations(project, batch, 'datumaro', json({ items: 'none' }), 'all', 'zh_CN');
    expect(chinese.body.data.refusals).toEqual([{ source: 'default.json', message: '无法按 Datumaro 读取该文件：Datumaro 数据集应为带 items 列表的对象' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });
});
