// Exports of the demo project as a PM asks for them: written by the worker, downloaded whole or by ranges (resumed),
// through a ticket in a browser's way, delivered to a server folder and to a bucket of an S3 emulator (s3rver), held
// to the quality gate asked for, and refused in the caller's language when the request cannot be met. What an archive
// holds is checked against the items and results in the database.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ObjectStoreConfig, s3Client } from '@annot/core';
import type { ExportView, ResultDocument } from '@annot/workflows';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { startS3Server, type S3Server } from '../support/s3-bucket';
import { zipEntries } from '../support/zip-entries';

const bucket = 'deliveries';

interface Coco {
  images: { id: number; file_name: string }[];
  annotations: { image_id: number; bbox: number[]; attributes: { track_id: string } }[];
  categories: unknown[];
}

describe('exports', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let s3: S3Server;
  let cos: ObjectStoreConfig;
  let exportRoot: string;

  beforeAll(async () => {
    s3 = await startS3Server(bucket);
    cos = { endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true };
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

  /**
   * What the database says an export of the project must hold: its items that are not deleted and pass `where`, each
   * under the archive's name for it (images/<batch>/<file>) with its latest result.
   */
  const itemsInDatabase = async (where = sql<boolean>`TRUE`) => {
    const { rows } = await sql<{ name: string; result: ResultDocument | null }>`
      SELECT 'images/' || b.name || '/' || d.file_name AS name, r.result
      FROM items d JOIN batches b ON b.batch_id = d.batch_id LEFT JOIN item_results r ON r.item_id = d.item_id
      WHERE d.project_id = ${projectId} AND d.status <> 'deleted' AND ${where}`.execute(platform.database.db);
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  };
  /** Valid items only: an export's scope unless it asks for every item. */
  const valid = sql<boolean>`d.effective`;
  /** The COCO document of an archive, with the archive's entries. */
  const cocoIn = async (archive: Buffer) => {
    const entries = await zipEntries(archive);
    return { entries, coco: JSON.parse(entries.get('annotations/instances.json')!.toString('utf8')) as Coco };
  };
  const cocoOf = async (exportId: string) => cocoIn(Buffer.from(await (await download(exportId)).arrayBuffer()));
  const imageNames = (coco: Coco) => coco.images.map((image) => image.file_name).sort((a, b) => a.localeCompare(b));

  it('writes a COCO download whose document holds every exported item and object, and resumes a download by range', async () => {
    const asked = await ask({ format: 'coco', withMedia: true, naming: '{project}_{format}' });
    expect(asked.status).toBe(200);
    const record = await finished(asked.body.data.exportId);
    expect(record).toMatchObject({ status: 'succeeded', format: 'coco', destination: { type: 'download' }, fileName: expect.stringMatching(/_coco\.zip$/), reason: null });
    expect(record.expiresAt).not.toBeNull();

    const whole = Buffer.from(await (await download(record.exportId)).arrayBuffer());
    expect(whole.length).toBe(record.bytes);
    const { entries, coco } = await cocoIn(whole);
    // Every valid item of the project is an image of the document, each once, and no other.
    const items = await itemsInDatabase(valid);
    expect(items.length).toBeGreaterThan(0);
    expect(imageNames(coco)).toEqual(items.map((item) => item.name));
    // Every box of every item's latest result is an annotation of its image, with its track id and its place.
    const expected = items.flatMap((item) =>
      (item.result?.objects ?? []).flatMap((object) => {
        const shape = object.keyframes.find((k) => k.frame === 0 && !k.outside)?.shape;
        return shape?.type === 'box' ? [[item.name, object.id, [shape.x, shape.y, shape.width, shape.height]]] : [];
      }),
    );
    expect(expected.length).toBeGreaterThan(0);
    const nameOf = new Map(coco.images.map((image) => [image.id, image.file_name]));
    const written = coco.annotations.map((a) => [nameOf.get(a.image_id), a.attributes.track_id, a.bbox]);
    const order = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(order(written)).toEqual(order(expected));
    // The record the PM sees counts the same.
    expect(record).toMatchObject({ items: items.length, objects: expected.length });
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
    const validItems = (await itemsInDatabase(valid)).length;
    expect([...entries.keys()].filter((name) => name.startsWith('Annotations/') && name.endsWith('.xml'))).toHaveLength(validItems);
    expect(record.items).toBe(validItems);

    const other = await finished((await ask({ format: 'kitti' })).body.data.exportId);
    const misused = await fetch(`${platform.baseUrl}${ticket.body.data.url.replace(record.exportId, other.exportId)}`, { headers: { 'x-language': 'en_US' } });
    expect(misused.status).toBe(403);
    expect((await misused.json()).message).toBe('This download link has expired; ask for the download again');
  }, 180_000);

  it('delivers whole archives to a folder under the export root and to a cos bucket on an S3 emulator, with nothing half-written beside them', async () => {
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
    expect(documents).toHaveLength((await itemsInDatabase(valid)).length);
    expect(JSON.parse(bucketEntries.get(documents[0])!.toString('utf8')).openlabel.metadata.schema_version).toBe('1.0.0');
    // A download of a folder or bucket export is refused: there is nothing to download here.
    expect((await download(toBucket.exportId)).status).toBe(409);
  }, 180_000);

  it('holds the items to the quality gate asked for: accepted items are fewer than finished ones, which are fewer than all', async () => {
    // Each gate by what the database holds: any item; those past every link (finished); those a client accepted in
    // an acceptance batch its PM passed.
    const gates = {
      any: sql<boolean>`TRUE`,
      inspected: sql<boolean>`d.status = 'finished'`,
      accepted: sql<boolean>`EXISTS (SELECT 1 FROM acceptance_items a JOIN acceptance_batches ab ON ab.batch_id = a.batch_id
        WHERE a.item_id = d.item_id AND ab.status = 'passed' AND a.outcome = 'passed')`,
    };
    const counts: Record<string, number> = {};
    for (const gate of ['any', 'inspected', 'accepted'] as const) {
      const record = await finished((await ask({ format: 'coco', scope: { gate, effectiveness: 'all' } })).body.data.exportId);
      const items = (await itemsInDatabase(gates[gate])).map((item) => item.name);
      expect(imageNames((await cocoOf(record.exportId)).coco), gate).toEqual(items);
      expect(record.items, gate).toBe(items.length);
      counts[gate] = items.length;
    }
    expect(counts.accepted).toBeGreaterThan(0);
    expect(counts.accepted).toBeLessThan(counts.inspected);
    expect(counts.inspected).toBeLessThan(counts.any);
  }, 240_000);

  it('names an archive of every batch in the requester’s language, each word kept whole', async () => {
    const named = async (language: string) => {
      const asked = await ask({ format: 'coco', naming: '{batch}_{format}' }, { 'x-language': language });
      expect(asked.status).toBe(200);
      return ((await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token: admin })).body.data as ExportView).fileName;
    };
    expect(await named('fr_FR')).toBe('tous_les_lots_coco.zip');
    expect(await named('hi_IN')).toBe('सभी_बैच_coco.zip');
    expect(await named('zh_CN')).toBe('全部批次_coco.zip');
  });

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
