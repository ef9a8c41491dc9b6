// MOTChallenge as the benchmark ships it: <seq>/img1/*.jpg, <seq>/gt/gt.txt and <seq>/seqinfo.ini in one batch upload
// are one sequence named <seq> with its frames, its frame rate and its tracks (classes by the MOT16/17 table, conf and
// visibility kept, a box past the frame clipped with a warning, detections left out and said); the export writes
// every line back with seqinfo.ini beside it, and reads in again unchanged; a malformed line is refused with its line
// and reason, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motChallengeClasses } from '@annot/workflows';
import { jpeg, upload, zipOf } from '../support/batches';
import { eventually } from '../support/platform';
import { importAnnotations } from '../support/annotation-imports';
import { batchResults, exportArchive, type InteropProject, startInteropProject, textEntries } from '../support/interop-project';
import { ok } from '../support/worked-project';

const flags = ['conf', 'visibility'].map((name) => ({ name, displayName: name, exportName: name, type: 'input', frameAttribute: true }));
const sequence = 'TUD-Mini';
const size = { width: 160, height: 120 };
const seqinfo = ['[Sequence]', `name=${sequence}`, 'imDir=img1', 'frameRate=25', 'seqLength=4', `imWidth=${size.width}`, `imHeight=${size.height}`, 'imExt=.jpg', ''].join('\n');
// frame,id,bb_left,bb_top,width,height,conf,class,visibility: a pedestrian over three frames, a static person ignored
// (conf 0) whose second box runs past the right edge, a car on the last frame.
const gt = ['1,1,10,20,30,60,1,1,1', '2,1,12,20,30,60,1,1,0.8', '3,1,14,21,30,60,1,1,0.6', '1,2,100,30,20,40,0,7,1', '2,2,150,30,20,40,0,7,0.25', '4,3,50,50,20,20,1,3,1'];
const clippedLine = 5;
const shipped = () => [
  ...Array.from({ length: 4 }, (_, i) => ({ name: `${sequence}/img1/00000${i + 1}.jpg`, content: jpeg(size.width, size.height, i + 1) })),
  { name: `${sequence}/seqinfo.ini`, content: Buffer.from(seqinfo) },
  { name: `${sequence}/gt/gt.txt`, content: Buffer.from(`${gt.join('\n')}\n`) },
  { name: `${sequence}/det/det.txt`, content: Buffer.from('1,-1,11,21,29,59,0.97,-1,-1,-1\n') },
];

/** A gt.txt's lines as MOT carries them, the class by its name: frame, id, box, conf, class, visibility. */
const truthOf = (text: string, classes: string[]) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [frame, id, left, top, width, height, conf, classId, visibility] = line.split(',');
      return [frame, id, ...[left, top, width, height].map(Number), conf, classes[Number(classId) - 1], Number(visibility)];
    });

describe('MOTChallenge as shipped', () => {
  let project: InteropProject;
  let batchId: string;

  beforeAll(async () => {
    project = await startInteropProject('MOT interop', ['Pedestrian', 'Static person', 'Car'].map((name) => ({ name, templateType: 'box', attributes: flags })), 'picture_continuous_frame');
    const { platform, admin, projectId } = project;
    batchId = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'MOT', priority: 10, uploadType: 'zip' })).id;
    const uploaded = await upload(platform, admin, batchId, [{ name: 'MOT.zip', content: await zipOf(shipped()) }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    await eventually(() => ok<{ importing: unknown }>(platform, 'GET', `/manage/batches/${batchId}`, admin), (b) => b.importing === null, 60_000);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('makes one sequence named after its folder, with its frames, frame rate and tracks, and reports the clipped box and the detections left out', async () => {
    const { platform, admin } = project;
    expect(await ok(platform, 'GET', `/manage/batches/${batchId}`, admin)).toMatchObject({ items: 1, failed: 0, failureFile: true, failureMessage: '已导入，部分文件有说明（查看导入报告）' });
    const item = (await batchResults(project, batchId)).get(sequence)!;
    const frames = await ok<{ frameRate: number; frames: { fileName: string; width: number }[] }>(platform, 'GET', `/manage/items/${item.id}/frames`, admin);
    expect(frames.frameRate).toBe(25);
    expect(frames.frames.map((f) => [f.fileName, f.width])).toEqual([1, 2, 3, 4].map((n) => [`00000${n}.jpg`, size.width]));

    const [pedestrian, person, car] = item.objects;
    expect(item.objects.map((o) => [o.id, o.toolId])).toEqual([
      ['1', project.tools.get('Pedestrian')],
      ['2', project.tools.get('Static person')],
      ['3', project.tools.get('Car')],
    ]);
    expect(pedestrian.keyframes.filter((k) => !k.outside).map((k) => [k.frame, k.shape, k.attributes])).toEqual([
      [0, { type: 'box', x: 10, y: 20, width: 30, height: 60 }, {}],
      [1, { type: 'box', x: 12, y: 20, width: 30, height: 60 }, { visibility: '0.8' }],
      [2, { type: 'box', x: 14, y: 21, width: 30, height: 60 }, { visibility: '0.6' }],
    ]);
    // The second box ran 10 pixels past the right edge: clipped to the frame.
    expect(person.keyframes.filter((k) => !k.outside).map((k) => k.shape)).toEqual([
      { type: 'box', x: 100, y: 30, width: 20, height: 40 },
      { type: 'box', x: 150, y: 30, width: 10, height: 40 },
    ]);
    expect({ ...person.attributes, ...person.keyframes[1].attributes }).toMatchObject({ conf: '0', visibility: '0.25' });
    expect(car.keyframes.find((k) => !k.outside)!.frame).toBe(3);

    const report = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
    const lines = (await report.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual([
      'File name,Reason',
      `${sequence}/det/det.txt,"Not imported: of a MOTChallenge sequence the platform takes the frames in its seqinfo.ini's imDir, and its ground truth from gt/gt.txt (with labels.txt and tracks.json); other files, detections among them, are left out"`,
      `${sequence}/gt/gt.txt:${clippedLine},The box ran past the frame and was clipped to it`,
    ]);
  });

  it('exports every line back with its id, box, conf flag, class and visibility, and the sequence in seqinfo.ini', async () => {
    const entries = await exportArchive(project, 'mot', [batchId]);
    const folder = `mot/MOT/${sequence}`;
    const texts = textEntries(entries, /^mot\//);
    expect([...texts.keys()].sort()).toEqual([`${folder}/gt/gt.txt`, `${folder}/gt/labels.txt`, `${folder}/gt/tracks.json`, `${folder}/seqinfo.ini`]);
    const labels = texts.get(`${folder}/gt/labels.txt`)!.split('\n');
    const written = truthOf(texts.get(`${folder}/gt/gt.txt`)!, labels).sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]));
    const expected = truthOf(gt.join('\n'), motChallengeClasses);
    expected[clippedLine - 1][4] = size.width - 150;
    expect(written).toEqual(expected);
    expect(texts.get(`${folder}/seqinfo.ini`)!.split('\n')).toEqual(['[Sequence]', `name=${sequence}`, `imDir=../../../images/MOT/${sequence}`, 'frameRate=25', 'seqLength=4', `imWidth=${size.width}`, `imHeight=${size.height}`, 'imExt=.jpg', '']);
  });

  it('reads its own export back into the same results', async () => {
    const before = await batchResults(project, batchId);
    const entries = [...(await exportArchive(project, 'mot', [batchId]))].filter(([name]) => name.startsWith('mot/')).map(([name, content]) => ({ name, content }));
    const answer = await importAnnotations(project, batchId, 'mot', { name: 'mot.zip', content: await zipOf(entries) });
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: 1, objects: 3, refusals: [], warnings: [] });
    expect(await batchResults(project, batchId)).toEqual(before);
  });

  it('refuses a malformed line with its line and reason, and writes nothing', async () => {
    const before = await batchResults(project, batchId);
    const broken = [...gt.slice(0, 2), '3,1,14,21', ...gt.slice(3)].join('\n');
    const answer = await importAnnotations(project, batchId, 'mot', { name: 'gt.zip', content: await zipOf([{ name: `${sequence}/gt/gt.txt`, content: Buffer.from(broken) }]) });
    expect(answer.status).toBe('failed');
    expect(answer.refusals).toEqual([{ source: `${sequence}/gt/gt.txt:3`, message: 'The file cannot be read as MOT: a line needs frame (from 1), id, bb_left, bb_top, width, height, conf and class' }]);
    expect(await batchResults(project, batchId)).toEqual(before);
  });

  it('imports the lines that fit a sequence shorter than its ground truth and warns for each line past its last frame', async () => {
    // MOT17's gt.txt runs to its seqLength; here the batch holds 4 frames and the truth 6: the pedestrian walks on
    // past the end, and a car enters only after it.
    const longer = [...gt, '5,1,16,21,30,60,1,1,0.5', '6,1,18,21,30,60,1,1,0.4', '6,4,60,60,20,20,1,3,1'];
    const answer = await importAnnotations(project, batchId, 'mot', { name: 'gt.zip', content: await zipOf([{ name: `${sequence}/gt/gt.txt`, content: Buffer.from(longer.join('\n')) }]) }, 'all', 'en_US');
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    const past = "Lies past the item's last frame (frame count: 4) and was skipped";
    expect(answer.warnings).toEqual([
      { source: `${sequence}/gt/gt.txt:${clippedLine}`, message: 'The box ran past the frame and was clipped to it' },
      ...[7, 8, 9].map((line) => ({ source: `${sequence}/gt/gt.txt:${line}`, message: past })),
    ]);
    expect(answer).toMatchObject({ items: 1, objects: 3, refusals: [] });
    const item = (await batchResults(project, batchId)).get(sequence)!;
    expect(item.objects.map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(item.objects[0].keyframes.filter((k) => !k.outside).map((k) => k.frame)).toEqual([0, 1, 2]);
  });

  it('keeps a shipped sequence whose gt.txt has a malformed line, without its tracks, and names the line in the report', async () => {
    const { platform, admin, projectId } = project;
    const broken = (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'MOT broken', priority: 10, uploadType: 'zip' })).id;
    const files = shipped().map((file) => (file.name.endsWith('gt.txt') ? { ...file, content: Buffer.from([...gt.slice(0, 3), 'x,2,100,30,20,40,0,7,1', ...gt.slice(4)].join('\n')) } : file));
    expect((await upload(platform, admin, broken, [{ name: 'MOT.zip', content: await zipOf(files) }])).status).toBe(200);
    const batch = await eventually(() => ok<{ importing: unknown }>(platform, 'GET', `/manage/batches/${broken}`, admin), (b) => b.importing === null, 60_000);
    expect(batch).toMatchObject({ items: 1, failed: 1 });
    expect((await batchResults(project, broken)).get(sequence)!.objects).toEqual([]);
    const report = await fetch(`${platform.baseUrl}/manage/batches/${broken}/failures`, { headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
    expect((await report.text()).split('\r\n')).toContain(`${sequence}/gt/gt.txt:4,"The file cannot be read as MOT: a line needs frame (from 1), id, bb_left, bb_top, width, height, conf and class"`);
  });
});
