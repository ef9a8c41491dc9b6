// Pascal VOC as the VOC2007 devkit ships it: pose, truncated, difficult and occluded kept as the objects' attributes
// and written back unchanged, a file without <size> sized from its picture, a picture named with another extension
// matched by its stem, ImageSets/Main lists read (a class's image labels skipped with a warning), a person's <part>
// skipped with a warning; an export read back exports the same files; a malformed file is refused with its line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '../support/batches';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, fixtureFiles, imageBatch, type InteropProject, startInteropProject, textEntries } from '../support/interop-project';

const vocFields = ['pose', 'truncated', 'difficult', 'occluded'].map((name) => ({ name, displayName: name, exportName: name, type: 'input' }));
const images = [
  { name: 'JPEGImages/000005.jpg', width: 500, height: 375 },
  { name: 'JPEGImages/000007.png', width: 500, height: 333 },
];

describe('Pascal VOC import', () => {
  let project: InteropProject;
  let batchId: string;
  const zip = async (files: { name: string; content: Buffer }[]) => ({ name: 'voc.zip', content: await zipOf(files) });

  beforeAll(async () => {
    project = await startInteropProject('VOC interop', [
      { name: 'car', templateType: 'box', attributes: vocFields },
      { name: 'person', templateType: 'box' },
    ]);
    batchId = await imageBatch(project, 'VOC2007', images);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('imports the devkit layout with its fields as attributes, and says what it skipped', async () => {
    const answer = await importAnnotations(project, batchId, 'voc', await zip(fixtureFiles('voc')));
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 2, objects: 4, refusals: [], dropped: { files: [], objects: [] } });
    expect(answer.warnings).toEqual([
      { source: 'Annotations/000005.xml object[2]', message: 'The <part> was skipped: a person layout part has no place in the project' },
      { source: 'ImageSets/Main/car_trainval.txt', message: 'The image-level labels of "car_trainval" were skipped: the project holds objects, not labels of whole images' },
      { source: 'Annotations/000005.xml object[2]', message: 'The tool "person" has no attribute "pose": its value "Left" was skipped' },
    ]);
    const results = await batchResults(project, batchId);
    const cars = results.get('JPEGImages/000005.jpg')!.objects.filter((o) => o.toolId === project.tools.get('car'));
    expect(cars.map((o) => o.attributes)).toEqual([{ pose: 'Rear', truncated: '1' }, { difficult: '1' }]);
    // 000007 has no <size> and names a .jpg: the batch's .png of that stem takes it, sized from the picture.
    const unsized = results.get('JPEGImages/000007.png')!.objects;
    expect(unsized.map((o) => [o.attributes, o.keyframes[0].shape])).toEqual([[{ truncated: '1', occluded: '1' }, { type: 'box', x: 141, y: 50, width: 359, height: 280 }]]);

    const chinese = await importAnnotations(project, batchId, 'voc', await zip(fixtureFiles('voc')), 'all', 'zh_CN');
    expect(chinese.warnings[2].message).toBe('工具“person”没有属性“pose”：已跳过其值“Left”');
  });

  it('writes the fields back unchanged, and an export read back into a new batch exports the same files', async () => {
    const first = textEntries(await exportArchive(project, 'voc', [batchId]), /^Annotations\//);
    const written = [...first.values()].join('\n');
    expect(written).toContain('<pose>Rear</pose>');
    expect(written).toContain('<truncated>1</truncated>');
    expect(written).toContain('<difficult>1</difficult>');
    expect(written).toContain('<occluded>1</occluded>');
    expect(written).not.toContain('<name>pose</name>');

    const copy = await imageBatch(project, 'VOC copy', images);
    const answer = await importAnnotations(project, copy, 'voc', await zip([...first].map(([name, content]) => ({ name, content: Buffer.from(content) }))));
    expect(answer).toMatchObject({ items: 2, objects: 4, refusals: [], warnings: [] });
    const second = textEntries(await exportArchive(project, 'voc', [copy]), /^Annotations\//);
    const same = (entries: Map<string, string>, batch: string) => new Map([...entries].map(([name, content]) => [name.replace(`Annotations/${batch}/`, ''), content.replaceAll(batch, '<batch>')]));
    expect(same(second, 'VOC copy')).toEqual(same(first, 'VOC2007'));
  });

  it('refuses a file that is not XML with its line and column, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const broken = [...fixtureFiles('voc'), { name: 'Annotations/000009.xml', content: Buffer.from('<annotation>\n<object>\n<name>car</name>\n</annotation>\n') }];
    const answer = await importAnnotations(project, batchId, 'voc', await zip(broken));
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: 'Annotations/000009.xml', message: 'The file cannot be read as Pascal VOC: the XML is malformed at line 4, column 1' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
  });
});
