// COCO as pycocotools, CVAT and Datumaro write it: crowd regions in RLE (a list of counts and the compressed string)
// become masks where the class's tool paints masks and their bounds with a warning where it draws boxes; per-annotation
// attributes map to the tool's by name, unknown ones warned; keypoints become points where a tool of their name
// exists; a detection's score is kept; an export read back exports the same annotations; malformed RLE is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, fixtureFiles, imageBatch, type InteropProject, startInteropProject } from '../support/interop-project';

const input = (name: string) => ({ name, displayName: name, exportName: name, type: 'input' });
const images = [
  { name: 'val2017/000000397133.jpg', width: 64, height: 48 },
  { name: 'val2017/000000037777.jpg', width: 64, height: 48 },
];

describe('COCO import', () => {
  let project: InteropProject;
  let batchId: string;
  const instances = () => fixtureFiles('coco').find((f) => f.name === 'instances.json')!;

  beforeAll(async () => {
    project = await startInteropProject('COCO interop', [
      { name: 'person', templateType: 'polygon' },
      { name: 'crowd', templateType: 'mask', countable: true },
      { name: 'car', templateType: 'box', attributes: [input('color'), input('score'), input('iscrowd')] },
      { name: 'nose', templateType: 'point' },
    ]);
    batchId = await imageBatch(project, 'val2017', images);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports crowds, attributes, keypoints and scores, and warns per annotation about what it skipped', async () => {
    const answer = await importAnnotations(project, batchId, 'coco', instances());
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 2, objects: 6, refusals: [] });
    expect(answer.warnings).toEqual([
      { source: 'instances.json annotations[4]', message: 'The polygon 2–2 was skipped: an object keeps the first polygon of its segmentation' },
      { source: 'instances.json annotations[0] keypoints[2]', message: 'Unknown class "right_eye": the project has no tool of that name' },
      { source: 'instances.json annotations[1]', message: 'The tool "car" has no attribute "occluded": its value "false" was skipped' },
      { source: 'instances.json annotations[3]', message: 'A crowd region (RLE mask) imports as its bounding box: the tool "car" draws boxes, not masks' },
    ]);
    const results = await batchResults(project, batchId);
    const first = results.get(images[0].name)!.objects;
    const byTool = (name: string) => first.filter((o) => o.toolId === project.tools.get(name));
    expect(byTool('car')).toMatchObject([{ id: '7', attributes: { color: 'red', score: '0.93' }, keyframes: [{ shape: { type: 'box', x: 40, y: 20, width: 20, height: 10 } }] }]);
    expect(byTool('nose').map((o) => o.keyframes[0].shape)).toEqual([{ type: 'point', x: 15, y: 7 }]);
    // Columns 10 to 12, rows 5 to 14, from the list of counts.
    const crowd = byTool('crowd')[0].keyframes[0].shape;
    expect(crowd).toMatchObject({ type: 'mask', width: 64, height: 48 });
    const painted: number[] = [];
    let offset = 0;
    crowd.counts.forEach((count: number, i: number) => {
      if (i % 2 === 1) for (let p = offset; p < offset + count; p++) painted.push(p);
      offset += count;
    });
    expect(painted).toEqual(Array.from({ length: 10 }, (_, row) => [10, 11, 12].map((col) => (row + 5) * 64 + col)).flat());
    // The compressed string's crowd lands on the box tool as its bounds, its crowd flag kept.
    const second = results.get(images[1].name)!.objects;
    expect(second.find((o) => o.toolId === project.tools.get('car'))).toMatchObject({ attributes: { iscrowd: '1' }, keyframes: [{ shape: { type: 'box', x: 20, y: 0, width: 10, height: 10 } }] });
  });

  it('exports what it imported, and the export read back into a new batch exports the same annotations', async () => {
    const read = async (batch: string) => JSON.parse((await exportArchive(project, 'coco', [batch])).get('annotations/instances.json')!.toString('utf8'));
    const first = await read(batchId);
    const copy = await imageBatch(project, 'val2017 copy', images);
    const answer = await importAnnotations(project, copy, 'coco', { name: 'instances.json', content: Buffer.from(JSON.stringify(first)) });
    expect(answer).toMatchObject({ refusals: [], warnings: [] });
    const second = await read(copy);
    expect(second.annotations).toEqual(first.annotations);
    expect(second.categories).toEqual(first.categories);
    expect(first.annotations.map((a: { attributes: object }) => a.attributes)).toContainEqual({ color: 'red', score: '0.93', track_id: '7' });
  });

  it('refuses an RLE whose counts do not cover its image, by its annotation, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const document = JSON.parse(instances().content.toString('utf8'));
    document.annotations[2].segmentation.counts = [485, 10];
    const answer = await importAnnotations(project, batchId, 'coco', { name: 'instances.json', content: Buffer.from(JSON.stringify(document)) });
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: 'instances.json annotations[2]', message: 'The shape is not valid: RLE counts must cover each pixel of the 64×48 mask once' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
  });
});
