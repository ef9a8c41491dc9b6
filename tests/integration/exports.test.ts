// Exports of the demo project as a PM asks for them: written by the worker, downloaded whole or by ranges (resumed),
// through a ticket in a browser's way, delivered to a server folder and to a real S3-compatible bucket, held to the
// quality gate asked for, and refused in the caller's language when the request cannot be met.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ObjectStoreConfig } from '@annot/core';
import type { ExportView } from '@annot/workflows';
import { s3Client } from '../../services/worker/src/imports/s3-source';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { startS3Server, type S3Server } from '../support/s3-server';
import { zipEntries } from '../support/zip-entries';

const bucket = 'deliveries';

describe('exports', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let s3: S3Server;
  let cos: ObjectStoreConfig;
  let exportRoot: string;

  beforeAll(async () => {
    s3 = await startS3Server(bucket);
    cos = { endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    exportRoot = await mkdtemp(path.join(tmpdir(), 'annot-export-'));
    ({ platform, admin, projectId } = await startDemo({ config: { exportRoot, objectStores: { ...loadConfig({}).objectStores, cos } } }));
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
    await s3?.stop();
    await rm(exportRoot, { recursive: true, force: true });
  });

  const ask = (body: unknown, headers: Record<string, string> = {}) => call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token: admin, body, headers });
  const finished = (exportId: string): Promise<ExportView> =>
    eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${exportId}`, { token: admin })).body.data as ExportView,
      (record) => record.status === 'succeeded' || record.status === 'failed',
      120_000,
    );
  const download = async (exportId: string, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}/manage/exports/${exportId}/download`, { headers: { authorization: `Bearer ${admin}`, ...headers } });

  it('writes a COCO download whose document holds every exported item and object, and resumes a download by range', async () => {
    const asked = await ask({ format: 'coco', withMedia: true, naming: '{project}_{format}' });
    expect(asked.status).toBe(200);
    const record = await finished(asked.body.data.exportId);
    expect(record).toMatchObject({ status: 'succeeded', format: 'coco', destination: { type: 'download' }, fileName: expect.stringMatching(/_coco\.zip$/), reason: null });
    expect(record.items).toBeGreaterThan(0);
    expect(record.objects).toBeGreaterThan(0);
    expect(record.expiresAt).not.toBeNull();

    const whole = Buffer.from(await (await download(record.exportId)).arrayBuffer());
    expect(whole.length).toBe(record.bytes);
    const entries = await zipEntries(whole);
    const coco = JSON.parse(entries.get('annotations/instances.json')!.toString('utf8'));
    expect(coco.images).toHaveLength(record.items);
    expect(coco.annotations).toHaveLength(record.objects);
    expect(coco.categories.length).toBeGreaterThan(0);
    // With media: every image the document names is in the archive.
    for (const image of coco.images) expect(entries.has(image.file_name)).toBe(true);

    const head = await download(record.exportId, { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
    const rest = await download(record.exportId, { range: 'bytes=100-' });
    expect(rest.status).toBe(206);
    const resumed = Buffer.concat([Buffer.from(await head.arrayBuffer()), Buffer.from(await rest.arrayBuffer())]);
    expect(resumed.equals(whole)).toBe(true);
    expect((await download(record.exportId, { range: `bytes=${whole.length}-` })).status).toBe(416);
  }, 180_000);

  it('lets a browser download through a ticket that names one export and only that one', async () => {
    const record = await finished((await ask({ format: 'voc' })).body.data.exportId);
    const ticket = await call(platform, 'POST', `/manage/exports/${record.exportId}/download-tickets`, { token: admin });
    expect(ticket.status).toBe(200);
    const viaTicket = await fetch(`${platform.baseUrl}${ticket.body.data.url}`);
    expect(viaTicket.status).toBe(200);
    expect(viaTicket.headers.get('content-disposition')).toContain(encodeURIComponent(record.fileName));
    const entries = await zipEntries(Buffer.from(await viaTicket.arrayBuffer()));
    expect([...entries.keys()].filter((name) => name.startsWith('Annotations/') && name.endsWith('.xml'))).toHaveLength(record.items);

    const other = await finished((await ask({ format: 'kitti' })).body.data.exportId);
    const misused = await fetch(`${platform.baseUrl}${ticket.body.data.url.replace(record.exportId, other.exportId)}`, { headers: { 'x-language': 'en_US' } });
    expect(misused.status).toBe(403);
    expect((await misused.json()).message).toBe('This download link has expired; ask for the download again');
  }, 180_000);

  it('delivers whole archives to a folder under the export root and to a cos bucket, with nothing half-written beside them', async () => {
    const toFolder = await finished((await ask({ format: 'yolo', destination: { type: 'folder', folder: 'client-a/week-1' } })).body.data.exportId);
    expect(toFolder).toMatchObject({ status: 'succeeded', location: `client-a/week-1/${toFolder.fileName}`, expiresAt: null });
    expect(await readdir(path.join(exportRoot, 'client-a', 'week-1'))).toEqual([toFolder.fileName]);
    const folderEntries = await zipEntries(await readFile(path.join(exportRoot, 'client-a', 'week-1', toFolder.fileName)));
    expect(folderEntries.has('classes.txt')).toBe(true);

    const toBucket = await finished((await ask({ format: 'openlabel', destination: { type: 'cos', prefix: 'project-x' } })).body.data.exportId);
    expect(toBucket).toMatchObject({ status: 'succeeded', location: `${bucket}/project-x/${toBucket.fileName}` });
    const object = await s3Client(cos).send(new GetObjectCommand({ Bucket: bucket, Key: `project-x/${toBucket.fileName}` }));
    const bucketEntries = await zipEntries(Buffer.from(await object.Body!.transformToByteArray()));
    const documents = [...bucketEntries.keys()].filter((name) => name.startsWith('openlabel/'));
    expect(documents).toHaveLength(toBucket.items);
    expect(JSON.parse(bucketEntries.get(documents[0])!.toString('utf8')).openlabel.metadata.schema_version).toBe('1.0.0');
    // A download of a folder or bucket export is refused: there is nothing to download here.
    expect((await download(toBucket.exportId)).status).toBe(409);
  }, 180_000);

  it('holds the items to the quality gate asked for: accepted items are fewer than finished ones, which are fewer than all', async () => {
    const counts: Record<string, number> = {};
    for (const gate of ['any', 'inspected', 'accepted'] as const) {
      counts[gate] = (await finished((await ask({ format: 'coco', scope: { gate, effectiveness: 'all' } })).body.data.exportId)).items;
    }
    expect(counts.accepted).toBeGreaterThan(0);
    expect(counts.accepted).toBeLessThan(counts.inspected);
    expect(counts.inspected).toBeLessThan(counts.any);
  }, 240_000);

  it('refuses what it cannot do in the caller’s language, and records nothing', async () => {
    const before = (await call(platform, 'GET', `/manage/projects/${projectId}/exports?limit=100`, { token: admin })).body.data.items.length;
    const badName = await ask({ format: 'coco', naming: '../{project}' }, { 'x-language': 'en_US' });
    expect(badName.status).toBe(400);
    expect(badName.body.data.fields ?? badName.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'naming', message: expect.stringContaining('the placeholders project, batch, format and date in braces') })]),
    );
    const chinese = await ask({ format: 'coco', destination: { type: 'folder', folder: '../etc' } }, { 'x-language': 'zh_CN' });
    expect(chinese.status).toBe(400);
    expect(JSON.stringify(chinese.body.data)).toContain('相对路径');
    const noRule = await ask({ format: 'rule_json' }, { 'x-language': 'en_US' });
    expect(noRule.status).toBe(409);
    expect(noRule.body.message).toBe('The project cites no import/export data rule; choose one in its rules before exporting rule-mapped JSON');
    const noBucket = await ask({ format: 'coco', destination: { type: 'oss' } }, { 'x-language': 'en_US' });
    expect(noBucket.status).toBe(409);
    expect(noBucket.body.message).toBe('This destination is not configured on this server');
    expect((await call(platform, 'GET', `/manage/projects/${projectId}/exports?limit=100`, { token: admin })).body.data.items).toHaveLength(before);
  });
});
