// A batch imported from a prefix of a bucket on an S3 emulator (s3rver; the cos upload type), paged through and read
// by range.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ObjectStoreConfig, s3Client } from '@annot/core';
import { png, seedProject } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { startS3Server, type S3Server } from '../support/s3-bucket';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const bucket = 'road-frames';

describe('batch import from object storage, on an S3 emulator', () => {
  let s3: S3Server;
  let platform: Platform;
  let token: string;
  let projectId: string;
  beforeAll(async () => {
    s3 = await startS3Server(bucket);
    const cos: ObjectStoreConfig = { endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true };
    const client = s3Client(cos);
    // More objects than one listing page (3 keys a page here), a folder marker, a broken file, and a neighbour prefix.
    const objects: [string, Buffer][] = [
      ...Array.from({ length: 7 }, (_, i): [string, Buffer] => [`drive-1/cam/frame_${i}.png`, png(40 + i, 30, i)]),
      ['drive-1/cam/', Buffer.alloc(0)],
      ['drive-1/cam/broken.png', Buffer.from('not a picture')],
      ['drive-10/other.png', png(8, 8, 99)],
    ];
    for (const [Key, Body] of objects) await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
    platform = await startPlatform({ config: { objectStores: { ...loadConfig({}).objectStores, cos }, objectListPageSize: 3 } });
    token = await signInAdmin(platform);
    ({ projectId } = await seedProject(platform));
  });
  afterAll(async () => {
    await platform?.stop();
    await s3?.stop();
  });

  const newBatch = async (uploadType: 'cos' | 'oss') =>
    (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: `From ${uploadType}`, priority: 1, uploadType } })).body.data.id as string;

  it('registers every image under the prefix with its size, and reports the broken one', async () => {
    const batchId = await newBatch('cos');
    const started = await call(platform, 'POST', `/manage/batches/${batchId}/import`, { token, body: { path: 'drive-1' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const batch = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token, headers: en }).then((r) => r.body.data),
      (b) => b.importing === null && b.status === 'in_progress',
    );
    expect(batch).toMatchObject({ items: 7, failed: 1, failureMessage: 'Upload failed; Error in uploading file (view the failure file)' });
    const items = await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=20`, { token });
    expect(items.body.data.items.map((i: { fileName: string; width: number }) => [i.fileName, i.width])).toEqual(
      Array.from({ length: 7 }, (_, i) => [`cam/frame_${i}.png`, 40 + i]),
    );
    const stored = await platform.database.db.selectFrom('items').select('path').where('batch_id', '=', batchId).execute();
    expect(stored.map((r) => r.path).sort()).toEqual(Array.from({ length: 7 }, (_, i) => `s3://${bucket}/drive-1/cam/frame_${i}.png`));
  });

  it('says why the image of an item in a bucket this server cannot read is missing, naming the bucket', async () => {
    const batchId = await newBatch('cos');
    await call(platform, 'POST', `/manage/batches/${batchId}/import`, { token, body: { path: 'drive-1' } });
    await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token }).then((r) => r.body.data),
      (b) => b.importing === null,
    );
    const [first, second] = (await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=2`, { token })).body.data.items as { id: string }[];
    // Its bucket since left this server's configuration; the other item's file is gone from the configured one.
    await platform.database.db.updateTable('items').set({ path: 's3://archive-2024/drive-1/cam/frame_0.png' }).where('item_id', '=', first.id).execute();
    await platform.database.db.updateTable('items').set({ path: `s3://${bucket}/drive-1/cam/gone.png` }).where('item_id', '=', second.id).execute();
    const inBucket = await call(platform, 'GET', `/manage/items/${first.id}/media`, { token, headers: en });
    expect(inBucket.status).toBe(404);
    expect(inBucket.body.message).toBe('The file of this data item stays in the bucket archive-2024, which this server cannot read yet');
    const frame = await call(platform, 'GET', `/manage/items/${first.id}/frames/0/media`, { token, headers: en });
    expect(frame.body.message).toBe('The file of this data item stays in the bucket archive-2024, which this server cannot read yet');
    const gone = await call(platform, 'GET', `/manage/items/${second.id}/media`, { token, headers: en });
    expect([gone.status, gone.body.message]).toEqual([404, 'The file of this data item cannot be read']);
  });

  it('refuses a provider this server has no bucket for, in the caller’s language', async () => {
    const batchId = await newBatch('oss');
    const refused = await call(platform, 'POST', `/manage/batches/${batchId}/import`, { token, body: { path: 'drive-1' }, headers: en });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([{ field: 'path', message: 'Object storage for oss is not configured on this server' }]);
  });
});
