// The storage backend in a bucket, on an S3 emulator (s3rver): the same promises the disk backend keeps, object by
// object, and a stream larger than one part written in parts.
import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, InvalidStorageKeyError, ItemFiles, loadConfig, S3Storage, s3Client } from '@annot/core';
import { startS3Server, type S3Server } from '../support/s3-bucket';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the S3-compatible storage backend', () => {
  let s3: S3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startS3Server('backend-store');
    storage = new S3Storage(s3Client({ endpoint: s3.endpoint, region: 'us-east-1', bucket: 'backend-store', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true }), 'backend-store');
  });
  afterAll(async () => s3?.stop());

  it('stores a buffer or a stream under its key and says how large it is', async () => {
    expect(await storage.put('put/b.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(await storage.put('put/c.txt', Readable.from([Buffer.from('wor'), Buffer.from('ld')]))).toEqual({ size: 5 });
    expect((await storage.read('put/b.txt')).toString()).toBe('hello');
    expect((await storage.read('put/c.txt')).toString()).toBe('world');
  });

  it('writes a stream larger than a part in parts, byte for byte', async () => {
    const large = randomBytes(19 * 1024 * 1024);
    const chunks = Array.from({ length: Math.ceil(large.length / 65_536) }, (_, i) => large.subarray(i * 65_536, (i + 1) * 65_536));
    expect(await storage.put('large/cloud.bin', Readable.from(chunks))).toEqual({ size: large.length });
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(digest(await bytes(await storage.get('large/cloud.bin')))).toBe(digest(large));
    expect(await storage.stat('large/cloud.bin')).toEqual({ size: large.length });
  });

  it('leaves nothing under the key when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push('half');
        this.destroy(new Error('cut'));
      },
    });
    await expect(storage.put('failed/b.txt', failing)).rejects.toThrow('cut');
    expect(await storage.stat('failed/b.txt')).toBeNull();
  });

  it('streams the object or the bytes of a range, and reads a range cut at the end of the object', async () => {
    await storage.put('range/k', Buffer.from('0123456789'));
    expect((await bytes(await storage.get('range/k'))).toString()).toBe('0123456789');
    expect((await bytes(await storage.get('range/k', { start: 2, end: 5 }))).toString()).toBe('234');
    expect((await bytes(await storage.get('range/k', { start: 4, end: 4 }))).toString()).toBe('');
    expect((await storage.read('range/k', { start: 8, end: 20 })).toString()).toBe('89');
    expect((await storage.read('range/k', { start: 0, end: 4 })).toString()).toBe('0123');
    expect((await storage.read('range/k', { start: 12 })).toString()).toBe('');
  });

  it('rejects a read of a key with no object', async () => {
    await expect(storage.get('range/missing')).rejects.toThrow();
    await expect(storage.read('range/missing')).rejects.toThrow();
  });

  it('knows the size until the object is removed, and removing twice is no error', async () => {
    await storage.put('stat/x/y', Buffer.from('abc'));
    expect(await storage.stat('stat/x/y')).toEqual({ size: 3 });
    await storage.remove('stat/x/y');
    await storage.remove('stat/x/y');
    expect(await storage.stat('stat/x/y')).toBeNull();
    expect(await storage.stat('stat/x')).toBeNull();
  });

  it('lists the objects under a folder, sorted, and none of a folder whose name only starts the same', async () => {
    await storage.put('list/b/2/z.png', Buffer.from('z'));
    await storage.put('list/b/1.png', Buffer.from('1'));
    await storage.put('list/bb/other.png', Buffer.from('o'));
    expect(await storage.list('list/b')).toEqual(['list/b/1.png', 'list/b/2/z.png']);
    expect(await storage.list('list/b/')).toEqual(['list/b/1.png', 'list/b/2/z.png']);
    expect(await storage.list('list/nothing')).toEqual([]);
  });

  it.each(['../escape', 'a/../../escape', '/etc/passwd', 'a/\0b', '', '.', 'a/..'])('refuses the key %j as the disk does', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

/** A port nothing listens on: one the system just gave out and took back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("an item's file in the bucket", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server('item-files');
  });
  afterAll(async () => s3?.stop());

  const storeAt = (endpoint: string) =>
    new S3Storage(s3Client({ endpoint, region: 'us-east-1', bucket: 'item-files', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true }), 'item-files');
  const filesAt = (endpoint: string) => new ItemFiles(storeAt(endpoint), loadConfig({}));

  it('opens a file that is there, says one that is gone is missing, and refuses as unavailable when the store does not answer', async () => {
    const files = filesAt(s3.endpoint);
    await storeAt(s3.endpoint).put('batches/b/a.jpg', Buffer.from('picture'));
    expect((await bytes((await files.open('batches/b/a.jpg'))!)).toString()).toBe('picture');
    expect(await files.open('batches/b/gone.jpg')).toBeNull();
    // A store that does not answer (nothing listens on its port): the file may well be there, so it is not called missing.
    const refused = await filesAt(`http://127.0.0.1:${await closedPort()}`).open('batches/b/a.jpg').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, errCode: 'UNAVAILABLE' });
  });
});
