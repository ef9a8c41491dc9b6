// COCO panoptic and per-class PNG masks read back over HTTP into a panoptic project: COCO's panoptic_<subset>.json
// with its folder of segment-id PNGs as the data set ships it (things kept apart, a stuff class joined, a class
// without a tool and pixels no segment lists warned about), VOC's SegmentationClass palette PNGs with CVAT's
// labelmap.txt, and the platform's own exports of both read back to the same results and written again byte for
// byte (a COCO panoptic export with its pictures making a new batch's items first); a PNG of another size than its picture, or a class table's broken line, is refused with where and why, in
// the reader's language, and nothing is written.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/batches';
import { importAnnotations, startAnnotationImport } from '../support/annotation-imports';
import { batchResults, exportArchive, imageBatch, type InteropProject, startInteropProject } from '../support/interop-project';
import { eventually } from '../support/platform';
import { ok } from '../support/worked-project';

const [width, height] = [40, 30];
type Colour = [number, number, number];

/** An RGB PNG whose every pixel has the colour `colourAt` gives. */
function colourPng(w: number, h: number, colourAt: (x: number, y: number) => Colour): Buffer {
  const png = new PNG({ width: w, height: h, colorType: 2 });
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) png.data.set([...colourAt(x, y), 255], (y * w + x) * 4);
  return PNG.sync.write(png, { colorType: 2 });
}

// Two cars (segments 7 and 9), a road in two parts (20 and 21), a stray id 99 no segment lists and segment 300, on
// both pictures: the lane lists 300 as a person, which has no tool in the project; the street does not list it.
const colourAt = (x: number, y: number): Colour => (y < 5 ? [99, 0, 0] : x < 10 ? [7, 0, 0] : x < 20 ? [9, 0, 0] : y < 15 ? [20, 0, 0] : y < 25 ? [21, 0, 0] : [44, 1, 0]);
const segments = [{ id: 7, category_id: 1, iscrowd: 0, area: 250, bbox: [0, 5, 10, 25] }, { id: 9, category_id: 1, iscrowd: 0, area: 250, bbox: [10, 5, 10, 25] }, { id: 20, category_id: 2, iscrowd: 0 }, { id: 21, category_id: 2, iscrowd: 0 }];
const person = { id: 300, category_id: 3, iscrowd: 0 };
const panopticDocument = {
  info: { description: 'COCO 2017 Panoptic Dataset' },
  licenses: [],
  images: [{ id: 139, file_name: 'street.jpg', width, height }, { id: 285, file_name: 'lane.jpg', width, height }],
  annotations: [{ image_id: 139, file_name: 'street.png', segments_info: segments }, { image_id: 285, file_name: 'lane.png', segments_info: [...segments, person] }],
  categories: [{ id: 1, name: 'car', supercategory: 'vehicle', isthing: 1 }, { id: 2, name: 'road', supercategory: 'ground', isthing: 0 }, { id: 3, name: 'person', supercategory: 'person', isthing: 1 }],
};
const asShipped = (lane: Buffer = colourPng(width, height, colourAt)) => [
  { name: 'annotations/panoptic_val2017.json', content: Buffer.from(JSON.stringify(panopticDocument)) },
  { name: 'annotations/panoptic_val2017/street.png', content: colourPng(width, height, colourAt) },
  { name: 'annotations/panoptic_val2017/lane.png', content: lane },
];

describe('COCO panoptic and PNG mask import', () => {
  let project: InteropProject;
  let batchId: string;
  const zip = async (name: string, files: { name: string; content: Buffer }[]) => ({ name, content: await zipOf(files) });
  const masks = (results: Awaited<ReturnType<typeof batchResults>>, name: string) => results.get(name)!.objects.map((o) => [o.id, o.toolId]);

  beforeAll(async () => {
    project = await startInteropProject(
      'Panoptic interop',
      [
        { name: 'car', templateType: 'mask', countable: true },
        { name: 'road', templateType: 'mask', countable: false },
        { name: 'sky', templateType: 'mask', countable: false },
      ],
      'panoramic_semantic_segmentation',
    );
    batchId = await imageBatch(project, 'Streets', [{ name: 'street.jpg', width, height }, { name: 'lane.jpg', width, height }]);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('refuses a panoptic PNG of another size than its picture, naming it, in the reader’s language, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const answer = await importAnnotations(project, batchId, 'coco_panoptic', await zip('panoptic.zip', asShipped(colourPng(20, 10, () => [7, 0, 0]))), 'all', 'de_DE');
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: 'annotations/panoptic_val2017/lane.png', message: 'Das PNG ist 20×10, sein Bild „lane.jpg“ aber 40×30' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
    const unknown = { ...panopticDocument, annotations: [{ ...panopticDocument.annotations[0], segments_info: [...segments, { id: 5, category_id: 12 }] }] };
    const refused = await importAnnotations(project, batchId, 'coco_panoptic', await zip('panoptic.zip', [{ name: 'annotations/panoptic_val2017.json', content: Buffer.from(JSON.stringify(unknown)) }, ...asShipped().slice(1)]));
    expect(refused.refusals).toEqual([{ source: 'annotations/panoptic_val2017.json annotations[0] segments_info[4]', message: 'Unknown class "12": the project has no tool of that name' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
  });

  it('imports COCO panoptic as shipped: each car apart, the road joined, and says what it left out', async () => {
    const answer = await importAnnotations(project, batchId, 'coco_panoptic', await zip('panoptic.zip', asShipped()));
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 2, objects: 6, refusals: [] });
    expect(answer.warnings).toEqual([
      { source: 'annotations/panoptic_val2017/street.png', message: 'Segment 99 is painted in the PNG but segments_info does not list it: its pixels were left unpainted' },
      { source: 'annotations/panoptic_val2017/street.png', message: 'Segment 300 is painted in the PNG but segments_info does not list it: its pixels were left unpainted' },
      { source: 'annotations/panoptic_val2017/lane.png', message: 'Segment 99 is painted in the PNG but segments_info does not list it: its pixels were left unpainted' },
      { source: 'annotations/panoptic_val2017.json annotations[1] segments_info[4]', message: 'A "person" region was skipped: the project has no tool of that name to hold it' },
    ]);
    const results = await batchResults(project, batchId);
    const [car, road] = [project.tools.get('car'), project.tools.get('road')];
    expect(masks(results, 'street.jpg')).toEqual([['car-7', car], ['car-9', car], ['road', road]]);
    const counts = results.get('street.jpg')!.objects.map((o) => o.keyframes[0].shape.counts as number[]);
    const area = (runs: number[]) => runs.reduce((sum, run, i) => (i % 2 === 1 ? sum + run : sum), 0);
    expect(counts.map(area)).toEqual([250, 250, 400]);
  });

  it('reads its own COCO panoptic export back to the same results, and exports them again byte for byte', async () => {
    const before = await batchResults(project, batchId);
    const first = await exportArchive(project, 'coco_panoptic', [batchId]);
    expect([...first.keys()].sort()).toEqual(['annotations/panoptic.json', 'panoptic/Streets/lane.png', 'panoptic/Streets/street.png']);
    const again = await importAnnotations(project, batchId, 'coco_panoptic', await zip('export.zip', [...first].map(([name, content]) => ({ name, content }))));
    expect(again, JSON.stringify(again)).toMatchObject({ items: 2, objects: 6, refusals: [], warnings: [] });
    expect(await batchResults(project, batchId)).toEqual(before);
    const second = await exportArchive(project, 'coco_panoptic', [batchId]);
    const withoutDate = (entries: Map<string, Buffer>) => ({ ...JSON.parse(entries.get('annotations/panoptic.json')!.toString()), info: null });
    expect(withoutDate(second)).toEqual(withoutDate(first));
    for (const name of ['panoptic/Streets/lane.png', 'panoptic/Streets/street.png']) expect(second.get(name)!.equals(first.get(name)!)).toBe(true);
  });

  it('makes the items of its COCO panoptic export with the pictures in a new batch, and paints them as before', async () => {
    const { platform, admin, projectId } = project;
    const before = await batchResults(project, batchId);
    const archive = await exportArchive(project, 'coco_panoptic', [batchId], true);
    expect([...archive.keys()].filter((name) => name.startsWith('images/')).sort()).toEqual(['images/Streets/lane.jpg', 'images/Streets/street.jpg']);
    const again = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Again', priority: 10, uploadType: 'zip' })).id;
    const answer = await startAnnotationImport(project, again, 'coco_panoptic', await zip('export.zip', [...archive].map(([name, content]) => ({ name, content }))));
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 202, body: { data: { importId: expect.any(String), batchImport: true } } });
    await eventually(
      () => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${again}`, admin),
      (b) => b.importing === null && b.items > 0,
      120_000,
    );
    const results = await batchResults(project, again);
    expect([...results.keys()].sort()).toEqual(['images/Streets/lane.jpg', 'images/Streets/street.jpg']);
    const painted = (item: { objects: { id: string; keyframes: { shape: unknown }[] }[] }) => item.objects.map((o) => [o.id, o.keyframes.map((k) => k.shape)]);
    for (const name of ['lane.jpg', 'street.jpg']) expect(painted(results.get(`images/Streets/${name}`)!)).toEqual(painted(before.get(name)!));
  });

  it('reads its own PNG mask export back as one object a class, which exports again byte for byte', async () => {
    const first = await exportArchive(project, 'masks', [batchId]);
    const answer = await importAnnotations(project, batchId, 'masks', await zip('masks.zip', [...first].map(([name, content]) => ({ name, content }))));
    expect(answer, JSON.stringify(answer)).toMatchObject({ items: 2, objects: 4, refusals: [], warnings: [] });
    const results = await batchResults(project, batchId);
    expect(masks(results, 'lane.jpg')).toEqual([['car', project.tools.get('car')], ['road', project.tools.get('road')]]);
    const second = await exportArchive(project, 'masks', [batchId]);
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [name, content] of first) expect(second.get(name)!.equals(content), name).toBe(true);
  });

  it("imports VOC's SegmentationClass with CVAT's labelmap.txt, and refuses a line of it that cannot be read, writing nothing", async () => {
    // Cars in the table's colour, the road in another, VOC's cream border and a colour the table lacks.
    const voc = colourPng(width, height, (x, y) => (y === 0 ? [224, 224, 192] : y < 5 ? [0, 0, 0] : x < 20 ? [250, 50, 83] : y < 25 ? [128, 64, 128] : [10, 20, 30]));
    const labelmap = '# label:color_rgb:parts:actions\nbackground:0,0,0::\ncar:250,50,83::\nroad:128,64,128::\n';
    const files = (table: string) => [
      { name: 'labelmap.txt', content: Buffer.from(table) },
      { name: 'ImageSets/Segmentation/default.txt', content: Buffer.from('street\n') },
      { name: 'SegmentationClass/street.png', content: voc },
    ];
    const before = await batchResults(project, batchId);
    const broken = await importAnnotations(project, batchId, 'masks', await zip('voc.zip', files(`${labelmap}sky:0,0::\n`)));
    expect(broken.status).toBe('failed');
    expect(broken.refusals).toEqual([{ source: 'labelmap.txt:5', message: 'The file cannot be read as PNG masks: a line of labelmap.txt is name:r,g,b:parts:actions, each channel a whole number from 0 to 255' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
    const answer = await importAnnotations(project, batchId, 'masks', await zip('voc.zip', files(labelmap)));
    expect(answer, JSON.stringify(answer)).toMatchObject({ items: 1, objects: 2, refusals: [] });
    expect(answer.warnings).toEqual([{ source: 'SegmentationClass/street.png', message: 'The colour 10,20,30 is not in the class table: its pixels were left unpainted' }]);
    expect(masks(await batchResults(project, batchId), 'street.jpg')).toEqual([['car', project.tools.get('car')], ['road', project.tools.get('road')]]);
  });
});
