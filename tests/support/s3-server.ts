// An S3 emulator: s3rver, which answers S3's HTTP API from a local folder, in a child process on a free port with a
// folder of its own. The platform's S3 client talks to it as to a bucket; it is not Amazon S3 or another provider.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endsWithParent } from './ends-with-parent';

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

/** An S3 emulator of the bucket's own, for a test file or a benchmark. */
export async function startS3Emulator(bucket: string): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'annot-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', ...endsWithParent, '-e', program], {
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
