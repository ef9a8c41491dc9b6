// KITTI object labels as the devkit ships them (training/label_2 beside image_2): truncated, occluded, alpha, the 3D
// dimensions, location and rotation_y kept and written back unchanged, so an export gives the same lines; DontCare
// regions skipped with a warning where the project has no tool for them; a short line refused with its line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/batches';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, fixtureFiles, imageBatch, type InteropProject, startInteropProject, textEntries } from '../support/interop-project';

const fields = ['truncated', 'occluded', 'alpha', 'dimensions', 'location', 'rotation_y'].map((name) => ({ name, displayName: name, exportName: name, type: 'input' }));
const images = [
  { name: 'training/image_2/000000.png', width: 1224, height: 370 },
  { name: 'training/image_2/000001.png', width: 1242, height: 375 },
];

describe('KITTI object import', () => {
  let project: InteropProject;
  let batchId: string;
  const labels = () => fixtureFiles('kitti');

  beforeAll(async () => {
    project = await startInteropProject('KITTI interop', ['Pedestrian', 'Car', 'Truck', 'Cyclist'].map((name) => ({ name, templateType: 'box', attributes: fields })));
    batchId = await imageBatch(project, 'KITTI', images);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports the devkit labels with their 3D fields, and skips DontCare regions with a warning per line', async () => {
    const answer = await importAnnotations(project, batchId, 'kitti', { name: 'labels.zip', content: await zipOf(labels()) });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 2, objects: 4, refusals: [] });
    expect(answer.warnings).toEqual([4, 5].map((line) => ({ source: `training/label_2/000001.txt:${line}`, message: 'A "DontCare" region was skipped: the project has no tool of that name to hold it' })));
    expect(answer.dropped.objects).toEqual(['training/label_2/000001.txt:4', 'training/label_2/000001.txt:5']);
    const pedestrian = (await batchResults(project, batchId)).get(images[0].name)!.objects[0];
    expect(pedestrian.attributes).toEqual({ alpha: '-0.20', dimensions: '1.89 0.48 1.20', location: '1.84 1.47 8.41', rotation_y: '0.01' });
  });

  it('writes every line back as it was read, DontCare aside', async () => {
    const exported = textEntries(await exportArchive(project, 'kitti', [batchId]), /^label_2\//);
    const lines = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('DontCare'));
    for (const file of labels()) {
      const written = [...exported].find(([name]) => name.endsWith(file.name.replace('training/label_2/', '')))![1];
      expect(lines(written)).toEqual(lines(file.content.toString('utf8')));
    }
  });

  it('refuses a line of the wrong number of fields with its line, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const broken = [...labels(), { name: 'training/label_2/000000.txt', content: Buffer.from('Car 0.00 0 1.85 387.63 181.54 423.81 203.12\n') }];
    const answer = await importAnnotations(project, batchId, 'kitti', { name: 'labels.zip', content: await zipOf(broken.slice(1)) });
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: 'training/label_2/000000.txt:1', message: 'The file cannot be read as KITTI: 8 fields where 15 (or 16 with a score) are expected' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
  });
});
