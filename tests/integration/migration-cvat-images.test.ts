// CVAT for images 1.1 as CVAT writes it: boxes (turned ones too), polygons, polylines, points and masks import with
// their attributes and flags; 2D cuboids and tags, which the project cannot hold, are skipped with a warning each; an
// export of the import gives back every shape with every field; a malformed file is refused by its element or line
// in the caller's language and writes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cvatImages } from '../support/cvat-xml';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, type InteropProject, startInteropProject, streetPictures } from '../support/interop-project';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'cvat', 'images', 'annotations.xml'));
const xml = (content: string) => ({ name: 'annotations.xml', content: Buffer.from(content) });
const choice = (name: string, options: string[], frameAttribute = false) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })), frameAttribute });

describe('CVAT for images import', () => {
  let project: InteropProject;
  let batch: string;

  beforeAll(async () => {
    project = await startInteropProject('CVAT pictures', [
      { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue']), choice('occluded', ['0', '1'])] },
      { name: 'road', templateType: 'polygon' },
      { name: 'lane', templateType: 'line' },
      { name: 'sign', templateType: 'point' },
      { name: 'stain', templateType: 'mask' },
    ]);
    batch = await streetPictures(project);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports every shape the project has a tool for, and warns once for each cuboid and tag it skips', async () => {
    const answer = await importAnnotations(project, batch, 'cvat_images', { name: 'annotations.xml', content: fixture });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 3, objects: 6, refusals: [] });
    expect(answer.warnings).toEqual([
      { source: 'annotations.xml image[2] cuboid[0]', message: "The cuboid was skipped: a cuboid drawn on an image has no counterpart; the project's cuboids are 3D boxes in a point cloud" },
      { source: 'annotations.xml image[2] tag[0]', message: 'The tag was skipped: a tag labels the whole image, which the project holds as item attributes, not objects' },
    ]);
    const results = await batchResults(project, batch);
    expect(new Map([...results].map(([name, item]) => [name, item.objects.length]))).toEqual(new Map([['a.jpg', 3], ['b.jpg', 3], ['c.jpg', 0]]));
    const boxes = results.get('a.jpg')!.objects.filter((o) => o.keyframes[0].shape.type === 'box');
    expect(boxes.map((o) => o.attributes)).toEqual([{ color: 'red', occluded: '1' }, { color: 'blue' }]);
    expect(boxes[1].keyframes[0].shape).toMatchObject({ x: 100, y: 10, width: 40, height: 30 });
    expect(boxes[1].keyframes[0].shape.rotation).toBeCloseTo(Math.PI / 6, 9);
    const mask = results.get('b.jpg')!.objects.find((o) => o.keyframes[0].shape.type === 'mask')!.keyframes[0].shape;
    // Runs 0, 2, 1, 3, 2 over a 4 × 2 box at (20, 30): two, a gap, one on the first row, two on the second.
    const painted = (x: number, y: number) => {
      let offset = 0;
      for (let i = 0; i < mask.counts.length; i++) {
        if (y * mask.width + x < offset + mask.counts[i]) return i % 2 === 1;
        offset += mask.counts[i];
      }
      return false;
    };
    expect([20, 21, 22, 23].map((x) => painted(x, 30))).toEqual([true, true, false, true]);
    expect([20, 21, 22, 23].map((x) => painted(x, 31))).toEqual([true, true, false, false]);
    expect(painted(19, 30) || painted(24, 30) || painted(20, 29) || painted(20, 32)).toBe(false);
  });

  it('exports the import back with every shape and every field CVAT carries', async () => {
    const entries = await exportArchive(project, 'cvat_images', [batch]);
    const exported = entries.get('annotations.xml')!.toString('utf8');
    // Imported shapes are the platform's starting results, which CVAT calls "auto"; every other field comes back.
    const leave = { fields: ['source'] };
    expect(cvatImages(exported, leave)).toEqual(cvatImages(fixture.toString('utf8'), { ...leave, kinds: ['cuboid', 'tag'] }));
    expect(exported).toMatch(/<box label="car" source="auto"/);
  });

  it('refuses a malformed file by its element or its line, in English and Chinese, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const text = fixture.toString('utf8');
    const notNumber = await importAnnotations(project, batch, 'cvat_images', xml(text.replace('xtl="10.00"', 'xtl="ten"')));
    expect(notNumber.status).toBe('failed');
    expect(notNumber.refusals).toEqual([{ source: 'annotations.xml image[0] box[0] xtl', message: 'The file cannot be read as CVAT: this value must be a number and is missing or is not one' }]);
    const chinese = await importAnnotations(project, batch, 'cvat_images', xml(text.replace('points="150.00,30.00"', 'points=""')), 'all', 'zh_CN');
    expect(chinese.status).toBe('failed');
    expect(chinese.refusals).toEqual([{ source: 'annotations.xml image[1] points[0] points', message: '无法按 CVAT 读取该文件：该值必须为数字，但缺失或不是数字' }]);
    const mask = await importAnnotations(project, batch, 'cvat_images', xml(text.replace('rle="0, 2, 1, 3, 2"', 'rle="0, 2, 1, 3"')));
    expect(mask.refusals).toEqual([{ source: 'annotations.xml image[1] mask[0] rle', message: expect.stringContaining('the mask runs do not cover its box exactly') }]);
    const syntax = await importAnnotations(project, batch, 'cvat_images', xml(text.replace('</polygon>', '</polyline>')));
    expect(syntax.status).toBe('failed');
    expect(syntax.refusals).toEqual([{ source: expect.stringMatching(/^annotations\.xml:\d+$/), message: 'The file cannot be read as CVAT: the XML is not well-formed here' }]);
    const unlabelled = await importAnnotations(project, batch, 'cvat_images', xml(text.replace('<polyline label="lane"', '<polyline')));
    expect(unlabelled.refusals).toEqual([{ source: 'annotations.xml image[1] polyline[0] label', message: 'The file cannot be read as CVAT: the element names no label' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });
});
