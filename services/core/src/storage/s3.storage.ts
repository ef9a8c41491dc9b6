// The storage backend in an S3-compatible bucket: every key is an object of the bucket, under an optional prefix.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { type ByteRange, objectMissing, type Storage } from './storage';
import { storageKeyParts } from './storage-key';

/** Parts of a streamed upload: S3's smallest but the last, so an upload holds little memory per part. */
const partBytes = 8 * 1024 * 1024;

export class S3Storage implements Storage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /** The object's key in the bucket; refused as the disk refuses it, so both backends take the same keys. */
  private objectKey(key: string): string {
    return storageKeyParts(key).join('/');
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    // An object appears only once its last part has arrived: a reader never sees half of it.
    let size = 0;
    const counted = Buffer.isBuffer(body) ? body : body.map((chunk: Buffer) => ((size += chunk.length), chunk));
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.objectKey(key), Body: counted }, partSize: partBytes, queueSize: 2 });
    await upload.done();
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    if (range && range.end !== undefined && range.end <= range.start) return Readable.from([]);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: httpRange(range) }));
    return answer.Body as Readable;
  }

  async read(key: string, range?: ByteRange): Promise<Buffer> {
    if (range && range.end !== undefined && range.end <= range.start) return Buffer.alloc(0);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: httpRange(range) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      // A range that starts past the end reads nothing, as on the disk.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (objectMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const base = prefix.replace(/\/+$/, '') === '' ? '' : `${this.objectKey(prefix)}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: base, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith('/')) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
}

/** Our ranges end before `end`; HTTP's name their last byte. */
function httpRange(range?: ByteRange): string | undefined {
  if (!range) return undefined;
  return `bytes=${range.start}-${range.end === undefined ? '' : range.end - 1}`;
}
