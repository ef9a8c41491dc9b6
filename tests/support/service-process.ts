// The real API or worker, built as it ships, run as a process of its own: what a restart or a signal does to it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '@annot/core';
import { endsWithParent } from './ends-with-parent';

const repo = path.resolve(__dirname, '../..');

export type Service = 'api' | 'worker';

/**
 * Emits services/<service>/dist; tsc -b only rebuilds what changed. A build that fails fails the test with tsc's own
 * report: a test must not run whatever an earlier build left in dist.
 */
export function buildService(service: Service): void {
  try {
    execFileSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-b', `services/${service}/tsconfig.json`], { cwd: repo, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    const report = `${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`.trim();
    throw new Error(`Building the ${service} failed:\n${report || (error as Error).message}`);
  }
}

/**
 * Waits for the servers' build that `npm test` runs beside the tests (it writes the build's exit code to the file
 * SERVER_BUILD_MARK names when it ends); without it, the run's set-up built them. A failed build fails the test; the
 * run prints the build's report at its end.
 */
export async function servicesBuilt(): Promise<void> {
  const mark = process.env.SERVER_BUILD_MARK;
  if (!mark) return;
  for (const deadline = Date.now() + 15 * 60_000; Date.now() < deadline; ) {
    const code = await readFile(mark, 'utf8').catch(() => null);
    if (code !== null && code.trim() !== '') {
      if (code.trim() !== '0') throw new Error(`The servers' build failed (exit code ${code.trim()}); its report is at the end of the run`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The servers' build did not end within 15 minutes`);
}

/** Starts services/<service>/dist/main.js with these settings over the test's own environment; silent unless TEST_LOG_LEVEL is set. */
export function startServiceProcess(service: Service, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...endsWithParent, path.join(repo, `services/${service}/dist/main.js`)], {
    cwd: repo,
    stdio: process.env.TEST_LOG_LEVEL ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    env: { ...process.env, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', PASSWORD_HASHING: 'fast', ...env },
  });
}

/** The settings that name a platform's store: its S3-compatible bucket, or none for its folder. */
function storageEnv({ storageBucket: bucket }: AppConfig): Record<string, string> {
  if (!bucket) return {};
  return {
    STORAGE_BACKEND: 's3',
    STORAGE_S3_BUCKET: bucket.bucket,
    ...(bucket.endpoint ? { STORAGE_S3_ENDPOINT: bucket.endpoint } : {}),
    STORAGE_S3_REGION: bucket.region,
    STORAGE_S3_ACCESS_KEY_ID: bucket.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    STORAGE_S3_FORCE_PATH_STYLE: String(bucket.forcePathStyle),
  };
}

/**
 * The real worker in a process of its own against a platform's database, Redis prefix, folders and bucket; a killed
 * worker's job is taken up again within a few seconds instead of a minute.
 */
export function startWorkerOf(platform: { config: AppConfig }, env: Record<string, string> = {}): ChildProcess {
  const { config } = platform;
  return startServiceProcess('worker', {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    ...storageEnv(config),
    STORAGE_DIR: config.storageDir,
    IMPORT_ROOT: config.importRoot,
    EXPORT_ROOT: config.exportRoot,
    JOB_LOCK_MS: '2000',
    JOB_STALLED_INTERVAL_MS: '1000',
    ...env,
  });
}

/** How a process ended: its exit code, or the signal that ended it. */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** `npm run up` kills what has not stopped this long after SIGTERM; a service that needs the kill has lost its shutdown hooks. */
export const shutdownGraceMs = 10_000;

/** Nest's shutdown hooks close the app, then raise the signal again, so a clean stop ends by SIGTERM. */
export const cleanStop = { code: null, signal: 'SIGTERM' };

/** Sends SIGTERM and waits for the end, or for the grace to run out. */
export async function terminate(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  const exited = exitOf(child);
  child.kill('SIGTERM');
  const timeout = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), shutdownGraceMs).unref());
  return Promise.race([exited, timeout]);
}
