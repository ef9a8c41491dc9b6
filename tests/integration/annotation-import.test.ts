// Pre-labelled data: the PM re-imports the demo's COCO export as the starting results of a new batch of the same
// frames, and bad uploads are refused line by line in the caller's language with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '@annot/workflows';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { importAnnotations } from '../support/annotation-imports';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { zipEntries } from '../support/zip-entries';

interface ListedItem {
  id: string;
  fileName: string;
  objectCount: number;
  status: string;
}

describe('annotation import', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let links: { id: string }[];
  let batchId: string;
  let demoBatchId: string;
  let coco: Buffer;

  const items = async (batch: string) =>
    (await call(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batch}&limit=100&linkId=${links[0].id}`, { token: admin })).body.data.items as ListedItem[];
  const upload = (batch: string, format: string, name: string, content: Buffer, mode: 'all' | 'good' = 'all', language = 'en_US') =>
    importAnnotations({ platform, admin }, batch, format, { name, content }, mode, language);

  beforeAll(async () => {
    ({ platform, admin, projectId, links } = await startDemo());
    const batches = (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data as { id: string; name: string }[];
    demoBatchId = batches.find((b) => b.name === 'Demo batch 1')!.id;
    // The demo's annotated frames, exported as COCO.
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token: admin, body: { format: 'coco', scope: { batchIds: [demoBatchId], gate: 'any', effectiveness: 'all' } } });
    const record = await eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token: admin })).body.data as ExportView,
      (r) => r.status === 'succeeded',
      60_000,
    );
    const archive = Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    coco = (await zipEntries(archive)).get('annotations/instances.json')!;
    // A new batch of the same frames, waiting to be annotated.
    batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Relabel', priority: 1, uploadType: 'zip' } })).body.data.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleZip(sampleFrames(24, 320, 240)))]), 'frames.zip');
    await fetch(`${platform.baseUrl}/manage/batches/${batchId}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    await eventually(() => items(batchId), (list) => list.length === 24, 60_000);
  }, 240_000);
  afterAll(async () => platform?.stop());

  it('gives the new batch’s frames the exported objects as starting results, saved by the PM', async () => {
    const document = JSON.parse(coco.toString('utf8')) as { images: { id: number; file_name: string }[]; annotations: { image_id: number }[] };
    const expected = new Map<string, number>();
    for (const image of document.images) expected.set(image.file_name.split('/').slice(-2).join('/'), document.annotations.filter((a) => a.image_id === image.id).length);
    const objects = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(objects).toBeGreaterThan(0);

    const answer = await upload(batchId, 'coco', 'instances.json', coco);
    expect(answer.status, JSON.stringify(answer)).toBe('finished');
    expect(answer).toMatchObject({ items: document.images.length, objects, refusals: [] });
    const after = await items(batchId);
    for (const item of after) expect(item.objectCount).toBe(expected.get(item.fileName) ?? 0);
    const withObjects = after.find((item) => item.objectCount > 0)!;
    const detail = (await call(platform, 'GET', `/manage/items/${withObjects.id}`, { token: admin })).body.data;
    expect(detail.result.result.objects).toHaveLength(withObjects.objectCount);
    const { id: adminId } = (await call(platform, 'GET', '/api/user/info', { token: admin })).body.data.data;
    expect(detail.result).toMatchObject({ version: 1, savedBy: adminId });
    expect(detail.status).toBe('waiting');
  });

  it('refuses a YOLO upload line by line, in English and in Chinese, and writes nothing', async () => {
    const before = await items(batchId);
    const zip = await sampleZip([
      { name: 'classes.txt', content: Buffer.from('Demo vehicle box\n') },
      { name: 'labels/frames/frame_0001.txt', content: Buffer.from('0 0.5 0.5 0.2 0.2\n7 0.5 0.5 0.2 0.2\n') },
      { name: 'labels/frames/frame_0002.txt', content: Buffer.from('0 0.5 0.5 1.7 0.2\n') },
      { name: 'labels/frames/nowhere.txt', content: Buffer.from('0 0.5 0.5 0.2 0.2\n') },
    ]);
    const english = await upload(batchId, 'yolo', 'labels.zip', zip);
    expect(english.status).toBe('failed');
    expect(english.reason).toBe('The import failed with the following error.');
    expect(english.refusals).toEqual([
      { source: 'labels/frames/frame_0001.txt:2', message: 'Unknown class "7": the project has no tool of that name' },
      { source: 'labels/frames/frame_0002.txt:1', message: expect.stringContaining('The shape is not valid') },
      { source: 'labels/frames/nowhere.txt', message: 'No data item of this batch is named "frames/nowhere"' },
    ]);
    const chinese = await upload(batchId, 'yolo', 'labels.zip', zip, 'all', 'zh_CN');
    expect(chinese.reason).toBe('导入失败，错误如下。');
    expect(chinese.refusals[0].message).toBe('未知类别“7”：项目中没有该名称的工具');

    const malformed = await upload(batchId, 'coco', 'instances.json', Buffer.from('{"images": ['));
    expect(malformed.status).toBe('failed');
    expect(malformed.refusals[0].message).toBe('The file cannot be read as COCO: the JSON is malformed at line 1, column 13');
    const arabic = await upload(batchId, 'coco', 'instances.json', Buffer.from('{"images": ['), 'all', 'ar_SA');
    expect(arabic.refusals[0].message).toContain('السطر ١، العمود ١٣');
    expect(await items(batchId)).toEqual(before);
  });

  it('writes only the good items when asked to, and refuses items already being worked on', async () => {
    const zip = await sampleZip([
      { name: 'classes.txt', content: Buffer.from('Demo vehicle box\nNo such tool\n') },
      { name: 'labels/frames/frame_0003.txt', content: Buffer.from('0 0.5 0.5 0.2 0.2\n') },
      { name: 'labels/frames/frame_0004.txt', content: Buffer.from('1 0.5 0.5 0.2 0.2\n') },
    ]);
    const good = await upload(batchId, 'yolo', 'labels.zip', zip, 'good');
    expect(good.status, JSON.stringify(good)).toBe('finished');
    expect(good).toMatchObject({ items: 1, objects: 1 });
    expect(good.refusals).toEqual([{ source: 'labels/frames/frame_0004.txt:1', message: 'Unknown class "No such tool": the project has no tool of that name' }]);

    // Of the demo batch's frames only those still waiting take a starting result; the claimed, inspected and
    // finished ones are refused by name.
    const demo = await items(demoBatchId);
    const waiting = demo.filter((item) => item.status === 'waiting').length;
    const busy = await upload(demoBatchId, 'coco', 'instances.json', coco, 'good');
    expect(busy.status, JSON.stringify(busy)).toBe('finished');
    expect(busy.items).toBe(waiting);
    expect(busy.refusals.filter((r: { message: string }) => /is claimed, inspected or finished/.test(r.message)).length).toBeGreaterThan(0);
  });
});
