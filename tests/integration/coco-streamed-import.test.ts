// A COCO data set moved in as it ships, its pictures and annotations/instances.json in one upload: the annotations are
// read as a stream while the batch's import says how far it has got, and every annotation lands. Images listed
// without annotations become items of no objects, an annotation naming an image the file does not list and an image
// listed but not shipped are skipped with a warning each in the import's report, and a crowd's RLE becomes a mask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, zipOf } from '../support/batches';
import { cocoPieces } from '../support/coco-file';
import { startAnnotationImport } from '../support/annotation-imports';
import { batchResults, type InteropProject, startInteropProject } from '../support/interop-project';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { eventually } from '../support/platform';
import { ok } from '../support/worked-project';

const [width, height] = [64, 48];
const annotated = 40;
const perImage = 150;
const name = (i: number) => `val2017/${String(i + 1).padStart(12, '0')}.jpg`;

/**
 * The generated data set, with two images listed without annotations, a crowd, an annotation of no listed image, and
 * an annotated image the upload does not ship (a data set's file lists more images than a batch holds).
 */
function dataSet(): Buffer {
  const images = Array.from({ length: annotated }, (_, i) => ({ fileName: name(i), width, height }));
  const document = JSON.parse([...cocoPieces({ images, perImage, category: 'car' })].join(''));
  document.images.push(...[annotated, annotated + 1].map((i) => ({ id: i + 1, file_name: name(i), width, height })));
  document.annotations.push({ id: 90_001, image_id: 1, category_id: 2, iscrowd: 1, area: 100, bbox: [20, 0, 10, 10], segmentation: { size: [height, width], counts: 'Pn0:V100000000000000000Pc1' } });
  document.annotations.push({ id: 90_002, image_id: 999, category_id: 1, iscrowd: 0, area: 100, bbox: [1, 1, 10, 10], segmentation: [] });
  document.images.push({ id: annotated + 3, file_name: name(annotated + 2), width, height });
  document.annotations.push({ id: 90_003, image_id: annotated + 3, category_id: 1, iscrowd: 0, area: 100, bbox: [2, 2, 10, 10], segmentation: [] });
  // Categories last, as COCO's own files have them: the reader cannot know a class before it has read every annotation.
  const { categories, ...rest } = document;
  return Buffer.from(JSON.stringify({ ...rest, categories: [...categories, { id: 2, name: 'crowd', supercategory: 'object' }] }));
}

describe('COCO import as a stream', () => {
  let project: InteropProject;

  beforeAll(async () => {
    project = await startInteropProject('COCO streamed', [
      { name: 'car', templateType: 'box' },
      { name: 'crowd', templateType: 'mask', countable: true },
    ]);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('reports its progress while it reads the annotations, and every annotation lands', async () => {
    const { platform, admin, projectId } = project;
    const batchId = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'COCO val', priority: 10, uploadType: 'zip' })).id;
    const instances = dataSet();
    const pictures = Array.from({ length: annotated + 2 }, (_, i) => ({ name: `images/${name(i)}`, content: jpeg(width, height, i + 1) }));
    const zip = await zipOf([...pictures, { name: 'annotations/instances.json', content: instances }]);

    const mine = (events: StreamedEvent[]) => events.filter((e) => e.data.subject?.type === 'batch' && e.data.subject.id === batchId);
    const stream = await listenToJobs(platform, admin, (events) => mine(events).some((e) => e.event === 'completed'));
    const answer = await startAnnotationImport(project, batchId, 'coco', { name: 'coco.zip', content: zip });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { batchImport: true } } });
    const progress = mine(await stream.done)
      .filter((e) => e.event === 'progress')
      .map((e) => e.data.progress as number);
    // The pictures fill the first half of the bar, the annotations the second, step by step as the file is read.
    const reading = progress.filter((p) => p > 50 && p < 100);
    expect(new Set(reading).size, `progress ${progress.join(' ')}`).toBeGreaterThanOrEqual(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);

    const summary = await eventually(() => ok<{ importing: unknown; items: number; failed: number }>(platform, 'GET', `/manage/batches/${batchId}`, admin), (b) => b.importing === null, 60_000);
    expect(summary).toMatchObject({ items: annotated + 2, failed: 0 });
    const results = await batchResults(project, batchId);
    const counts = [...results.values()].map((item) => item.objects.length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(annotated * perImage + 1);
    expect(results.get(`images/${name(0)}`)!.objects).toHaveLength(perImage + 1);
    expect(results.get(`images/${name(annotated)}`)!.objects).toEqual([]);
    expect(results.get(`images/${name(annotated + 1)}`)!.objects).toEqual([]);
    const crowd = results.get(`images/${name(0)}`)!.objects.filter((o) => o.toolId === project.tools.get('crowd'));
    expect(crowd.map((o) => o.keyframes[0].shape)).toMatchObject([{ type: 'mask', width, height }]);
    const box = results.get(`images/${name(1)}`)!.objects[0].keyframes[0].shape;
    expect(box).toEqual({ type: 'box', x: 0, y: 0, width: 12.5, height: 10.25 });

    const report = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
    expect((await report.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1)).toEqual([
      `annotations/instances.json annotations[${annotated * perImage + 1}],"The annotation names image 999, which the file does not list: it was skipped"`,
      `annotations/instances.json images[${annotated + 2}],"""${name(annotated + 2)}"" is listed in the file but is no data item of this batch: its annotations were skipped"`,
    ]);
  });
});
