// Text carried inside a field or a file passes the same input gate as a body: a NUL, a lone surrogate or too deep a
// nesting inside a tool file's JSON, an annotation upload, a multipart field or a recycle CSV is refused with the
// field named (400, or the failed annotation import's refusal lines), never a 500, and nothing is written.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnnotations } from '../support/annotation-imports';
import { call, type Platform } from '../support/platform';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

const en = { 'x-language': 'en_US' };
const nul = '\\u0000';
const loneSurrogate = '\\ud800';
/** A JSON text nested 40 levels deep, deeper than the gate's 32. */
const deep = `${'['.repeat(40)}1${']'.repeat(40)}`;

describe('nested input through the gate', () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  let batchId: string;
  let images: { id: number; file_name: string; width: number; height: number }[];

  const position = async () =>
    (await sql<{ position: string }>`SELECT count(*)::text || '/' || coalesce(max(global_position), 0)::text AS position FROM events`.execute(platform.database.db)).rows[0].position;
  /** The same, but for the events of the annotation imports' own streams, which record a refused import's steps. */
  const positionBesideImports = async () =>
    (await sql<{ position: string }>`SELECT count(*)::text || '/' || coalesce(max(global_position), 0)::text AS position FROM events WHERE stream_id NOT LIKE 'annotation_import-%'`.execute(platform.database.db)).rows[0].position;
  const objectCounts = async () => (await ok<{ items: { objectCount: number }[] }>(platform, 'GET', `/manage/items/projects/${project.projectId}?batchId=${batchId}&limit=100`, admin)).items.map((i) => i.objectCount);
  const multipart = async (path: string, fields: Record<string, string>, file: { name: string; content: Buffer }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${platform.baseUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}`, ...en } });
    return { status: response.status, body: await response.json() };
  };
  const annotations = (file: { name: string; content: Buffer }, format = 'coco') => importAnnotations({ platform, admin }, batchId, format, file, 'good');
  /** A COCO document of the batch's images with one box each; `inject` writes raw JSON text in place of a value. */
  const coco = (inject: { category?: string; fileName?: string; extra?: string } = {}) =>
    Buffer.from(
      `{"images":[${images.map((image, i) => `{"id":${image.id},"file_name":${i === 0 && inject.fileName ? inject.fileName : JSON.stringify(image.file_name)},"width":${image.width},"height":${image.height}}`).join(',')}],` +
        `"annotations":[${images.map((image) => `{"id":${image.id},"image_id":${image.id},"category_id":1,"bbox":[2,2,20,20],"attributes":{"category":"car"}${inject.extra ? `,"extra":${inject.extra}` : ''}}`).join(',')}],` +
        `"categories":[{"id":1,"name":${inject.category ?? '"Demo vehicle box"'}}]}`,
    );

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [3] });
    ({ platform, admin } = project);
    batchId = project.dataBatches[0].id;
    const listed = await ok<{ items: { id: string; fileName: string }[] }>(platform, 'GET', `/manage/batches/${batchId}/items?limit=100`, admin);
    images = listed.items.map((item, i) => ({ id: i + 1, file_name: item.fileName, width: 160, height: 120 }));
  }, 240_000);
  afterAll(async () => platform?.stop());

  it('refuses a tool file whose JSON holds a NUL, a lone surrogate or too deep a nesting, naming the field inside content', async () => {
    const before = await position();
    const tools = await ok(platform, 'GET', '/manage/tools', admin);
    for (const [content, field, message] of [
      [`{"name":"Box${nul}","templateType":"box"}`, 'content.name', 'content.name holds a NUL character or invalid Unicode'],
      [`{"name":"Box${loneSurrogate}","templateType":"box"}`, 'content.name', 'content.name holds a NUL character or invalid Unicode'],
      [`{"name":"Box","attributes":${deep}}`, expect.stringMatching(/^content\.attributes(\.0)+$/), expect.stringMatching(/is nested deeper than 32 levels$/)],
    ] as const) {
      const answer = await call(platform, 'POST', '/manage/tools/import', { token: admin, body: { content }, headers: en });
      expect(answer.status, content).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED', data: { fields: [{ field, message }] } });
    }
    expect(await ok(platform, 'GET', '/manage/tools', admin)).toEqual(tools);
    expect(await position()).toBe(before);
  });

  it('imports the clean COCO document, so the refusals below are the gate’s alone', async () => {
    const clean = await annotations({ name: 'instances.json', content: coco() });
    expect(clean.status, JSON.stringify(clean)).toBe('finished');
    expect(clean).toMatchObject({ items: 3, objects: 3, refusals: [] });
    expect(await objectCounts()).toEqual([1, 1, 1]);
  });

  it('fails an annotation import whose file holds a NUL, a lone surrogate or too deep a nesting, with the file and field named, and writes nothing', async () => {
    const before = await positionBesideImports();
    const counts = await objectCounts();
    for (const [content, message] of [
      [coco({ category: `"car${nul}"` }), 'instances.json.categories.0.name holds a NUL character or invalid Unicode'],
      [coco({ fileName: `"frame${loneSurrogate}.png"` }), 'instances.json.images.0.file_name holds a NUL character or invalid Unicode'],
      [coco({ extra: deep }), expect.stringMatching(/^instances\.json\.annotations\.\d+\.extra(\.0)+ is nested deeper than 32 levels$/)],
      [Buffer.concat([Buffer.from('{"images":[],"annotations":[],"categories":[{"id":1,"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]), 'instances.json holds a NUL character or invalid Unicode'],
    ] as const) {
      const answer = await annotations({ name: 'instances.json', content });
      expect(answer).toMatchObject({ status: 'failed', items: 0, objects: 0, refusals: [{ source: 'instances.json', message }] });
    }
    const voc = await annotations({ name: 'frame.xml', content: Buffer.from('<annotation><filename>a.png</filename>\u0000</annotation>') }, 'voc');
    expect(voc).toMatchObject({ status: 'failed', refusals: [{ source: 'frame.xml', message: 'frame.xml holds a NUL character or invalid Unicode' }] });
    expect(await objectCounts()).toEqual(counts);
    expect(await positionBesideImports()).toBe(before);
  });

  it('refuses a multipart field beside a file, a file name, and a recycle CSV, that hold a NUL or broken UTF-8', async () => {
    const before = await position();
    const field = await multipart(`/manage/batches/${batchId}/annotation-imports`, { format: 'coco\u0000', mode: 'good' }, { name: 'instances.json', content: coco() });
    expect(field.status).toBe(400);
    expect(field.body).toMatchObject({ errCode: 'VALIDATION_FAILED', data: { fields: [{ field: 'format', message: 'Format holds a NUL character or invalid Unicode' }] } });
    // A name with a NUL in it, as RFC 5987 lets a client spell it.
    const boundary = 'nested-input-boundary';
    const raw = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''frames%00.zip\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004\r\n--${boundary}--\r\n`);
    const sent = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/upload`, { method: 'POST', body: raw, headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, ...en } });
    const named = { status: sent.status, body: await sent.json() };
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ errCode: 'VALIDATION_FAILED', data: { fields: [{ field: 'file', message: 'File holds a NUL character or invalid Unicode' }] } });
    const recycle = `/manage/items/projects/${project.projectId}/recycle-csv`;
    for (const content of [Buffer.from(`${images[0].file_name}\n\u0000\n`), Buffer.concat([Buffer.from(images[0].file_name), Buffer.from([0xed, 0xa0, 0x80])])]) {
      const csv = await multipart(recycle, { target: 'annotation_pool', keepResult: 'true' }, { name: 'rework.csv', content });
      expect(csv.status).toBe(400);
      expect(csv.body).toMatchObject({ errCode: 'VALIDATION_FAILED', data: { fields: [{ field: 'file', message: 'The CSV must be UTF-8 text' }] } });
    }
    expect(await position()).toBe(before);
  });
});
