// Label Studio's JSON export as Label Studio writes it: rectangles (turned about their corner), polygons, keypoints
// and brush masks in percent of the original image, per-region choices as attributes, tasks named by their upload;
// what the project cannot hold (a task-level choice, a second annotation, predictions) is warned about; an export of
// the import gives every region back; a malformed task is refused by its place and writes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, type InteropProject, startInteropProject, streetPictures } from '../support/interop-project';

const fixture = readFileSync(join(__dirname, '..', 'fixtures', 'label-studio', 'project-export.json'));
const json = (tasks: unknown) => ({ name: 'project-export.json', content: Buffer.from(JSON.stringify(tasks)) });
const choice = (name: string, options: string[]) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })) });

interface Result {
  id: string;
  type: string;
  from_name: string;
  to_name: string;
  value: Record<string, any>;
}

/**
 * A task's results by id and type, numbers rounded to what a percentage of a 200-pixel image can tell apart; a brush's
 * runs are left to the re-import, since one mask has many packings.
 */
function results(task: { annotations: { result: Result[] }[] }): Map<string, unknown> {
  const round = (value: unknown): unknown => (typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : Array.isArray(value) ? value.map(round) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, round(v)])) : value);
  return new Map(task.annotations[0].result.map((r) => [`${r.id} ${r.type} ${r.from_name}`, { to_name: r.to_name, value: round({ ...r.value, rle: r.value.rle ? 'packed' : undefined }) }]));
}

describe('Label Studio import', () => {
  let project: InteropProject;
  let batch: string;

  beforeAll(async () => {
    project = await startInteropProject('Label Studio pictures', [
      { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue'])] },
      { name: 'road', templateType: 'polygon' },
      { name: 'sign', templateType: 'point' },
      { name: 'stain', templateType: 'mask' },
    ]);
    batch = await streetPictures(project);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports every region with its per-region choices and says what it leaves out', async () => {
    const answer = await importAnnotations(project, batch, 'label_studio', { name: 'project-export.json', content: fixture });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 3, objects: 6, refusals: [] });
    expect(answer.warnings).toEqual([
      { source: 'project-export.json [0] result[7]', message: 'The choices was skipped: the project has no object of this kind (only regions and their per-region values are imported)' },
      { source: 'project-export.json [1]', message: 'Only the first of its 2 annotations was imported' },
    ]);
    const found = await batchResults(project, batch);
    expect(new Map([...found].map(([name, item]) => [name, item.objects.length]))).toEqual(new Map([['a.jpg', 5], ['b.jpg', 1], ['c.jpg', 0]]));
    const [first, turned] = found.get('a.jpg')!.objects;
    expect(first).toMatchObject({ id: 'r1', attributes: { color: 'red' }, keyframes: [{ shape: { type: 'box', x: 10, y: 20, width: 50, height: 30 } }] });
    // Turned 30° about its top-left corner (100, 10), so its centre lies there plus the turned half-diagonal.
    const box = turned.keyframes[0].shape;
    const [cos, sin] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    expect(box.x + box.width / 2).toBeCloseTo(100 + 20 * cos - 15 * sin, 9);
    expect(box.y + box.height / 2).toBeCloseTo(10 + 20 * sin + 15 * cos, 9);
    const mask = found.get('a.jpg')!.objects.find((o) => o.keyframes[0].shape.type === 'mask')!.keyframes[0].shape;
    expect(mask.counts).toEqual([30 * 200 + 20, 2, 1, 1, 200 - 4, 2, 200 * 100 - (31 * 200 + 22)]);
  });

  it('exports the import back with every region, its class, its values and its place in percent', async () => {
    const entries = await exportArchive(project, 'label_studio', [batch]);
    const tasks = JSON.parse(entries.get('label-studio.json')!.toString('utf8')) as { data: { image: string }; annotations: { result: Result[] }[] }[];
    const shipped = JSON.parse(fixture.toString('utf8'));
    const byName = new Map(tasks.map((t) => [t.data.image.split('/').pop(), t]));
    // The task-level choice is the one result the import left out.
    const expected = results(shipped[0]);
    expected.delete('t1 choices weather');
    expect(results(byName.get('a.jpg')!)).toEqual(expected);
    expect(results(byName.get('b.jpg')!)).toEqual(results(shipped[1]));
    expect(byName.get('c.jpg')!.annotations[0].result).toEqual([]);
    // The export read back paints the same pixels.
    const maskOf = async () => (await batchResults(project, batch)).get('a.jpg')!.objects.find((o) => o.keyframes[0].shape.type === 'mask')!.keyframes[0].shape;
    const painted = await maskOf();
    const again = await importAnnotations(project, batch, 'label_studio', { name: 'label-studio.json', content: entries.get('label-studio.json')! });
    expect(again).toMatchObject({ items: 3, objects: 6, refusals: [], warnings: [] });
    expect(await maskOf()).toEqual(painted);
  });

  it('refuses a malformed task by its place, in the caller’s language, and writes nothing', async () => {
    const before = await batchResults(project, batch);
    const shipped = JSON.parse(fixture.toString('utf8'));
    shipped[0].annotations[0].result[2].value.x = 'left';
    shipped[0].annotations[0].result[6].value.rle = [1, 2, 3];
    shipped[2].data = {};
    const answer = await importAnnotations(project, batch, 'label_studio', json(shipped));
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([
      { source: 'project-export.json [0] result[2]', message: 'The file cannot be read as Label Studio: this value must be a number and is missing or is not one' },
      { source: 'project-export.json [0] result[6]', message: 'The file cannot be read as Label Studio: the brush is not Label Studio RLE over the whole image' },
      { source: 'project-export.json [2] data', message: 'The file cannot be read as Label Studio: the task has no data naming its image or video' },
    ]);
    const chinese = await importAnnotations(project, batch, 'label_studio', json({ tasks: 'none' }), 'all', 'zh_CN');
    expect(chinese.status).toBe('failed');
    expect(chinese.refusals).toEqual([{ source: 'project-export.json [0] data', message: '无法按 Label Studio 读取该文件：该任务没有指明图片或视频的 data' }]);
    expect(await batchResults(project, batch)).toEqual(before);
  });
});
