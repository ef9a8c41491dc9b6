// Batches over the API: field rules in both languages, the lifecycle the machine allows, and items leaving the pool on delete.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { png, seedProject, upload, zipOf } from '../support/batches';

const en = { 'x-language': 'en_US' };

describe('batches', () => {
  let platform: Platform;
  let token: string;
  let storage: string;
  let projectId: string;
  let linkIds: string[];
  beforeAll(async () => {
    storage = await mkdtemp(path.join(tmpdir(), 'annot-batches-'));
    platform = await startPlatform({ config: { storageDir: path.join(storage, 'storage'), importRoot: path.join(storage, 'import') } });
    token = await signInAdmin(platform);
    ({ projectId, linkIds } = await seedProject(platform));
  });
  afterAll(async () => {
    await platform.stop();
    await rm(storage, { recursive: true, force: true });
  });

  const create = (body: unknown, headers: Record<string, string> = {}) => call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body, headers });
  const batchOf = (id: string, headers: Record<string, string> = {}) => call(platform, 'GET', `/manage/batches/${id}`, { token, headers });
  const act = (id: string, verb: string, body: unknown = {}) => call(platform, 'POST', `/manage/batches/${id}/${verb}`, { token, body });

  async function importedBatch(name: string, images: number): Promise<string> {
    const { body } = await create({ name, priority: 1, uploadType: 'zip' });
    const zip = await zipOf(Array.from({ length: images }, (_, i) => ({ name: `${name}/${i}.png`, content: png(4, 3, i) })));
    expect((await upload(platform, token, body.data.id, [{ name: `${name}.zip`, content: zip }])).status).toBe(200);
    await eventually(() => batchOf(body.data.id), (r) => r.body.data.status === 'in_progress');
    return body.data.id;
  }

  describe('POST /manage/projects/:id/batches', () => {
    it('creates a batch waiting for its upload, listed by priority, larger first', async () => {
      const low = await create({ name: 'Low', priority: 1, uploadType: 'zip' });
      expect(low.status, JSON.stringify(low.body)).toBe(200);
      const high = await create({ name: 'High', priority: 9, uploadType: 'local' });
      const list = await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token });
      const names = list.body.data.map((b: { name: string }) => b.name);
      expect(names.indexOf('High')).toBeLessThan(names.indexOf('Low'));
      const batch = await batchOf(high.body.data.id);
      expect(batch.headers.get('etag')).toBe('"1"');
      expect(batch.body.data).toMatchObject({ name: 'High', priority: 9, uploadType: 'local', status: 'waiting_for_upload', items: 0, failed: 0, importing: null, failureMessage: null });
    });

    it('names each broken field in the caller’s language', async () => {
      const english = await create({ name: ' ', priority: 1.5, uploadType: 'ftp' }, en);
      expect(english.status).toBe(400);
      expect(english.body.data.fields).toEqual([
        { field: 'name', message: 'Batch name cannot be empty' },
        { field: 'priority', message: 'Priority is an integer from 0 to 1000000; a larger number is higher' },
        { field: 'uploadType', message: 'The upload type is a cos path, an oss path, a zip package or a local path' },
      ]);
      const zh = await create({ name: '', priority: -1, uploadType: 'zip' });
      expect(zh.body.data.fields.map((f: { message: string }) => f.message)).toEqual(['批次名称不能为空', '优先级需为 0 到 1000000 的整数，数字越大越优先']);
    });

    it('answers 404 for a project that does not exist', async () => {
      const missing = await call(platform, 'POST', '/manage/projects/00000000-0000-4000-8000-000000000000/batches', { token, body: { name: 'X', priority: 1, uploadType: 'zip' } });
      expect(missing.status).toBe(404);
    });
  });

  describe('PATCH /manage/batches/:id', () => {
    it('renames and reprioritises, and refuses a stale If-Match', async () => {
      const { body } = await create({ name: 'Draft', priority: 1, uploadType: 'zip' });
      const edited = await call(platform, 'PATCH', `/manage/batches/${body.data.id}`, { token, body: { name: 'Final', priority: 5 }, headers: { 'if-match': '"1"' } });
      expect(edited.body.data.version).toBe('2');
      expect((await batchOf(body.data.id)).body.data).toMatchObject({ name: 'Final', priority: 5 });
      const stale = await call(platform, 'PATCH', `/manage/batches/${body.data.id}`, { token, body: { name: 'Again', priority: 5 }, headers: { 'if-match': '"1"' } });
      expect(stale.status).toBe(409);
      expect(stale.body.errCode).toBe('VERSION_CONFLICT');
    });
  });

  describe('lifecycle', () => {
    it('refuses pausing a batch still waiting for its upload, saying what is allowed', async () => {
      const { body } = await create({ name: 'Waiting', priority: 1, uploadType: 'zip' });
      const refused = await act(body.data.id, 'pause', { kind: 'annotation' });
      expect(refused.status).toBe(409);
      expect(refused.body.errCode).toBe('INVALID_TRANSITION');
      expect(refused.body.message).toContain('上传数据');
    });

    it('pauses annotation or inspection, resumes, stops; a stopped batch only edits or deletes', async () => {
      const id = await importedBatch('cycle', 2);
      expect((await act(id, 'pause', { kind: 'inspection' })).status).toBe(200);
      expect((await batchOf(id)).body.data.status).toBe('paused_inspection');
      expect((await act(id, 'pause', { kind: 'annotation' })).body.errCode).toBe('INVALID_TRANSITION');
      expect((await act(id, 'resume')).status).toBe(200);
      expect((await act(id, 'pause', { kind: 'annotation' })).status).toBe(200);
      expect((await batchOf(id)).body.data.status).toBe('paused_annotation');
      expect((await act(id, 'stop')).status).toBe(200);
      expect((await act(id, 'resume')).body.errCode).toBe('INVALID_TRANSITION');
      expect((await act(id, 'pause', { kind: 'annotation' })).body.errCode).toBe('INVALID_TRANSITION');
      expect((await act(id, 'pause', { kind: 'inspection' })).body.errCode).toBe('INVALID_TRANSITION');
      const stopped = await batchOf(id);
      expect(stopped.body.data.status).toBe('stopped');

      const edited = await call(platform, 'PATCH', `/manage/batches/${id}`, {
        token,
        body: { name: 'cycle renamed', priority: 3 },
        headers: { 'if-match': stopped.headers.get('etag')! },
      });
      expect(edited.status).toBe(200);
      expect((await batchOf(id)).body.data).toMatchObject({ name: 'cycle renamed', priority: 3, status: 'stopped' });
      expect((await act(id, 'delete')).status).toBe(200);
      expect((await batchOf(id)).status).toBe(404);
    });

    it('refuses an unknown pause kind', async () => {
      const { body } = await create({ name: 'Kind', priority: 1, uploadType: 'zip' });
      const refused = await call(platform, 'POST', `/manage/batches/${body.data.id}/pause`, { token, body: { kind: 'sleep' }, headers: en });
      expect(refused.body.data.fields).toEqual([{ field: 'kind', message: 'A pause is of annotation or of quality inspection' }]);
    });

    it('deletes for good: the items leave the pool and the batch is gone from the list', async () => {
      const id = await importedBatch('gone', 3);
      const pool = () => platform.database.db.selectFrom('items').select(['link_id', 'status']).where('batch_id', '=', id).execute();
      expect((await pool()).map((r) => r.link_id)).toEqual([linkIds[0], linkIds[0], linkIds[0]]);
      expect((await act(id, 'delete')).status).toBe(200);
      expect(await pool()).toEqual([
        { link_id: null, status: 'deleted' },
        { link_id: null, status: 'deleted' },
        { link_id: null, status: 'deleted' },
      ]);
      expect((await batchOf(id)).status).toBe(404);
      const list = await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token });
      expect(list.body.data.map((b: { id: string }) => b.id)).not.toContain(id);
      expect((await act(id, 'resume')).status).toBe(409);
    });
  });

  describe('imports that do not fit the batch', () => {
    it('refuses a path import for a zip batch and a zip upload for a local batch', async () => {
      const zipBatch = (await create({ name: 'Zip only', priority: 1, uploadType: 'zip' })).body.data.id;
      const byPath = await call(platform, 'POST', `/manage/batches/${zipBatch}/import`, { token, body: { path: 'a' }, headers: en });
      expect(byPath.body.data.fields).toEqual([{ field: 'path', message: 'This does not match the batch upload type' }]);
      const localBatch = (await create({ name: 'Local only', priority: 1, uploadType: 'local' })).body.data.id;
      const zip = await zipOf([{ name: 'a.png', content: png(2, 2) }]);
      const byZip = await upload(platform, token, localBatch, [{ name: 'a.zip', content: zip }], en);
      expect(byZip.body.data.fields).toEqual([{ field: 'uploadType', message: 'This does not match the batch upload type' }]);
    });

    it('refuses a local path that leaves the import root', async () => {
      const id = (await create({ name: 'Escape', priority: 1, uploadType: 'local' })).body.data.id;
      const refused = await call(platform, 'POST', `/manage/batches/${id}/import`, { token, body: { path: '../../etc' } });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toEqual([{ field: 'path', message: '路径必须位于导入根目录之内' }]);
    });

    it('refuses a file that is not a zip, and two files at once', async () => {
      const id = (await create({ name: 'Picky', priority: 1, uploadType: 'zip' })).body.data.id;
      const notZip = await upload(platform, token, id, [{ name: 'a.zip', content: Buffer.from('plain text') }], en);
      expect(notZip.body.data.fields).toEqual([{ field: 'file', message: 'Only a zip package can be uploaded' }]);
      const zip = await zipOf([{ name: 'a.png', content: png(2, 2) }]);
      const two = await upload(platform, token, id, [{ name: 'a.zip', content: zip }, { name: 'b.zip', content: zip }], en);
      expect(two.status).toBe(400);
      expect(two.body.data.fields).toEqual([{ field: 'file', message: 'One file at a time' }]);
    });
  });
});
