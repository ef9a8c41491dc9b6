// The platform's own storage in a bucket of an S3 emulator (s3rver) instead of the disk, with a customer's bucket
// (the cos upload type) on a second one: an uploaded zip is extracted into the platform's bucket, items stay in the
// customer's bucket, and both are shown to the editor and written into an export with their images.
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ObjectStoreConfig, s3Client } from '@annot/core';
import type { ExportView } from '@annot/workflows';
import { png, renameEntry, seedProject, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { startS3Server, type S3Server } from '../support/s3-bucket';
import { signInAdmin } from '../support/sign-in';
import { zipEntries } from '../support/zip-entries';

const bucketOn = (server: S3Server, bucket: string): ObjectStoreConfig => ({
  endpoint: server.endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: server.accessKeyId,
  secretAccessKey: server.secretAccessKey,
  forcePathStyle: true,
});

describe('the platform storing everything in an S3-compatible bucket (an S3 emulator)', () => {
  let platformS3: S3Server;
  let customerS3: S3Server;
  let store: ObjectStoreConfig;
  let customer: ObjectStoreConfig;
  let platform: Platform;
  let token: string;
  let projectId: string;
  const uploaded = [0, 1, 2].map((i) => ({ name: `street/frame_${i}.png`, content: png(32 + i, 24, 100 + i) }));
  const inBucket = [0, 1].map((i) => ({ key: `drive-7/cam/frame_${i}.png`, content: png(20 + i, 16, 200 + i) }));

  beforeAll(async () => {
    platformS3 = await startS3Server('platform-store');
    customerS3 = await startS3Server('customer-frames');
    store = bucketOn(platformS3, 'platform-store');
    customer = bucketOn(customerS3, 'customer-frames');
    for (const { key, content } of inBucket) await s3Client(customer).send(new PutObjectCommand({ Bucket: customer.bucket, Key: key, Body: content }));
    platform = await startPlatform({ config: { storageBucket: store, objectStores: { ...loadConfig({}).objectStores, cos: customer } } });
    token = await signInAdmin(platform);
    ({ projectId } = await seedProject(platform));
  });
  afterAll(async () => {
    await platform?.stop();
    await platformS3?.stop();
    await customerS3?.stop();
  });

  const imported = async (uploadType: 'zip' | 'cos', start: (batchId: string) => Promise<{ status: number }>) => {
    const batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: `From ${uploadType}`, priority: 1, uploadType } })).body.data.id as string;
    expect((await start(batchId)).status).toBe(200);
    await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token }).then((r) => r.body.data),
      (batch) => batch.importing === null && batch.status === 'in_progress',
      // Extracting into the bucket and registering each picture takes its time on a machine shared with other runs.
      120_000,
    );
    const items = (await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=20`, { token })).body.data.items as { id: string; fileName: string }[];
    return { batchId, items: items.sort((a, b) => a.fileName.localeCompare(b.fileName)) };
  };
  const media = async (itemId: string) => {
    const response = await fetch(`${platform.baseUrl}/manage/items/${itemId}/media`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** An export with media asked for and let run to its end: the pictures of its downloaded archive, by name. */
  const exportedPictures = async (body: object): Promise<[string, Buffer][]> => {
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token, body: { format: 'coco', withMedia: true, ...body } });
    expect(asked.status).toBe(200);
    const record = await eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token })).body.data as ExportView,
      (view) => view.status === 'succeeded' || view.status === 'failed',
      120_000,
    );
    expect(record.status).toBe('succeeded');
    const archive = Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    return [...(await zipEntries(archive)).entries()].filter(([name]) => name.startsWith('images/'));
  };
  const objectsIn = async (config: ObjectStoreConfig, prefix: string) =>
    ((await s3Client(config).send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();

  it('extracts an uploaded zip into the bucket, not onto the disk, and shows each picture as it was uploaded', async () => {
    const { batchId, items } = await imported('zip', async (id) => upload(platform, token, id, [{ name: 'street.zip', content: await zipOf(uploaded) }]));
    expect(items.map((item) => item.fileName)).toEqual(uploaded.map((file) => file.name));
    const stored = await objectsIn(store, `batches/${batchId}/`);
    // The extracted pictures and the marker that says the extraction is whole; the upload itself is gone.
    expect(stored.filter((key) => key.endsWith('.png'))).toHaveLength(3);
    expect(stored.some((key) => key.endsWith('.zip'))).toBe(false);
    expect(existsSync(path.join(platform.config.storageDir, 'batches', batchId))).toBe(false);
    for (const [i, item] of items.entries()) {
      const shown = await media(item.id);
      expect(shown.status).toBe(200);
      expect(shown.bytes.equals(uploaded[i].content)).toBe(true);
    }
  });

  it('leaves nothing in the bucket when it refuses a zip, the upload included', async () => {
    const before = await objectsIn(store, '');
    const zip = renameEntry(await zipOf([{ name: 'good.png', content: png(5, 5, 3) }, { name: 'xx/evil.png', content: png(5, 5, 4) }]), 'xx/evil.png', '../evil.png');
    const batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: 'Escape', priority: 1, uploadType: 'zip' } })).body.data.id as string;
    expect((await upload(platform, token, batchId, [{ name: 'escape.zip', content: zip }])).status).toBe(200);
    const batch = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token, headers: { 'x-language': 'en_US' } }).then((r) => r.body.data),
      (view) => view.importing === null && view.importError !== null,
    );
    expect(batch).toMatchObject({ status: 'waiting_for_upload', items: 0 });
    expect(batch.importError).toBe('The zip package has entries that point outside its folder (absolute paths, "..", symbolic links) and was refused');
    expect(await objectsIn(store, '')).toEqual(before);
  });

  it('reads items that stay in the customer’s bucket in place, for the editor and for an export with images', async () => {
    const { items } = await imported('cos', (id) => call(platform, 'POST', `/manage/batches/${id}/import`, { token, body: { path: 'drive-7' } }));
    expect(items.map((item) => item.fileName)).toEqual(['cam/frame_0.png', 'cam/frame_1.png']);
    for (const [i, item] of items.entries()) {
      const shown = await media(item.id);
      expect(shown.status).toBe(200);
      expect(shown.bytes.equals(inBucket[i].content)).toBe(true);
    }

    // The archive is kept in the platform's bucket and downloaded from it, with both batches' pictures inside.
    const pictures = await exportedPictures({});
    expect(await objectsIn(store, 'exports/')).not.toEqual([]);
    expect(pictures).toHaveLength(uploaded.length + inBucket.length);
    const contents = pictures.map(([, bytes]) => bytes);
    for (const file of [...uploaded.map((u) => u.content), ...inBucket.map((b) => b.content)]) expect(contents.some((bytes) => bytes.equals(file))).toBe(true);
  }, 180_000);

  it('exports pictures read ahead from the bucket whole and in order, and finishes without one gone from it', async () => {
    // More pictures than the export asks the bucket for ahead of the one it writes, so the read-ahead wraps around.
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `ahead/frame_${String(i).padStart(2, '0')}.png`, content: png(40 + (i % 7), 30, i) }));
    const { batchId } = await imported('zip', async (id) => upload(platform, token, id, [{ name: 'ahead.zip', content: await zipOf(many) }]));
    const gone = 17;
    const stored = (await objectsIn(store, `batches/${batchId}/`)).filter((key) => key.endsWith(many[gone].name));
    expect(stored).toHaveLength(1);
    await s3Client(store).send(new DeleteObjectCommand({ Bucket: store.bucket, Key: stored[0] }));

    const pictures = await exportedPictures({ scope: { batchIds: [batchId], effectiveness: 'all' } });
    // Every picture still in the bucket, byte for byte, in the batch's order; the one gone is left out.
    const kept = many.filter((_, i) => i !== gone);
    expect(pictures.map(([name]) => name.slice(name.indexOf('/ahead/') + 1))).toEqual(kept.map((file) => file.name));
    for (const [i, [, bytes]] of pictures.entries()) expect(bytes.equals(kept[i].content)).toBe(true);
  }, 180_000);
});
