// A test file's bucket on an S3-compatible server: a bucket of the run's MinIO where the run's services are containers,
// else an S3 emulator of the file's own (see s3-server.ts).
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { type S3Server, startS3Emulator } from './s3-server';
import type { S3Store } from './test-services';

export type { S3Server } from './s3-server';

/** The bucket, made on the run's MinIO when it has one; each name belongs to one file of a run. */
export async function startS3Server(bucket: string): Promise<S3Server> {
  const store = inject('s3Store');
  return store ? bucketOnStore(store, bucket) : startS3Emulator(bucket);
}

async function bucketOnStore(store: S3Store, bucket: string): Promise<S3Server> {
  const client = new S3Client({
    endpoint: store.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((error: { name?: string }) => {
    if (error.name === 'BucketAlreadyOwnedByYou') throw new Error(`Another test file of this run uses the bucket ${bucket}: give each file buckets of its own`);
    throw error;
  });
  return {
    ...store,
    stop: async () => {
      for (let token: string | undefined, more = true; more; ) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        const keys = (page.Contents ?? []).map(({ Key }) => ({ Key: Key! }));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
        [token, more] = [page.NextContinuationToken, page.IsTruncated === true];
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

