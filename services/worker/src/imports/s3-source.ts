// The files under a prefix of an S3-compatible bucket (cos, oss), listed page by page and read by byte range.
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { ObjectStoreConfig } from '@annot/core';
import { ImportRefused } from './import-refused';
import type { ImportSource, SourceFile } from './import-source';

export function s3Source(client: S3Client, store: ObjectStoreConfig, prefix: string, pageSize = 1000): ImportSource {
  const root = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  const read = async (key: string, start?: number, end?: number): Promise<Buffer> => {
    // SourceFile ranges end before `end`; HTTP ranges name their last byte.
    const range = start === undefined ? undefined : `bytes=${start}-${end === undefined ? '' : Math.max(start, end - 1)}`;
    const answer = await client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key, Range: range }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  };
  // In Node the SDK's body is a readable stream.
  const stream = async (key: string): Promise<Readable> => (await client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }))).Body as Readable;
  return {
    async *list(): AsyncIterable<SourceFile> {
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: root, MaxKeys: pageSize, ContinuationToken: token }))
          .catch((error: { $metadata?: { httpStatusCode?: number } }) => {
            // A bucket that refuses the listing (missing, forbidden) will not change its mind on a retry.
            const status = error.$metadata?.httpStatusCode ?? 0;
            throw status >= 400 && status < 500 ? new ImportRefused('batches.source_unavailable') : error;
          });
        for (const object of page.Contents ?? []) {
          const key = object.Key!;
          // Keys ending in a slash are the folders some consoles create; they hold no data.
          if (key.endsWith('/')) continue;
          yield { name: key.slice(root.length), size: object.Size ?? 0, location: `s3://${store.bucket}/${key}`, read: (start, end) => read(key, start, end), stream: () => stream(key) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
