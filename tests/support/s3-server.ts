// A test file's bucket on an S3-compatible server. Where the run's services are containers it is a bucket of the run's
// MinIO; elsewhere an S3 emulator: s3rver, which answers S3's HTTP API from a local folder, in a child process on a free
// port with a folder of its own. The platform's S3 client talks to either as to a bucket.
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { S3Store } from './test-services';

export interface S3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

// s3rver seals its continuation tokens with a cipher OpenSSL 3 keeps in its legacy provider.
const program = `
const S3rver = require('s3rver');
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3_DIR, configureBuckets: [{ name: process.env.S3_BUCKET }] })
  .run()
  .then(({ port }) => process.send({ port }));
`;

/** The bucket, made on the run's MinIO when it has one; each name belongs to one file of a run. */
export async function startS3Server(bucket: string): Promise<S3Server> {
  const store = inject('s3Store');
  return store ? bucketOnStore(store, bucket) : startS3rver(bucket);
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

async function startS3rver(bucket: string): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'annot-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '-e', program], {
    env: { ...process.env, S3_DIR: directory, S3_BUCKET: bucket },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
