// `npm run up`: finds or starts PostgreSQL and Redis, migrates, starts the API (with the console) and a worker,
// adds the demo data, and prints where to sign in.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '@annot/core';
import { adminAccountRefusal } from './admin-account';
import { repoRoot, resolvePostgres, resolveRedis, type ResolvedService } from './local-services';
import { migrate } from './migrate';
import { demoAccountLine, seedDemo } from './seed-demo';

const root = repoRoot();
const services: ResolvedService[] = [];
const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (line: string) => (line ? `[${name}] ${line}\n` : '');
  child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().split('\n').map(prefix).join('')));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk.toString().split('\n').map(prefix).join('')));
  child.once('exit', (code) => {
    if (stopping) return;
    console.error(`${name} stopped (exit code ${code ?? 'none'}); stopping the platform`);
    void shutdown(code || 1);
  });
  children.push(child);
  return child;
}

/** Stops the api and worker first, then what was started for them; a second signal changes nothing. */
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map(stopChild));
  for (const service of services.reverse()) await service.stop().catch(() => undefined);
  process.exit(code);
}

// A process that cannot close (a queue waiting for a Redis that Ctrl-C already stopped) is killed after a while.
const graceMs = 10_000;

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitUntilReady(baseUrl: string, path = '/readyz'): Promise<void> {
  for (let i = 0; i < 600 && !stopping; i++) {
    const ready = await fetch(`${baseUrl}${path}`).then((r) => r.status === 200, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) throw new Error(`${baseUrl}${path} did not answer 200 within 150 seconds`);
}

async function main(): Promise<void> {
  const refusal = adminAccountRefusal(loadConfig().admin.account);
  if (refusal) throw new Error(refusal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  // Whatever ends this process first (the embedded PostgreSQL exits it once it has stopped), the api and worker
  // must not outlive it.
  process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

  const postgres = await resolvePostgres({ database: process.env.DATABASE_NAME ?? 'annot' });
  services.push(postgres);
  const redis = await resolveRedis();
  services.push(redis);
  console.log(`PostgreSQL: ${postgres.source} (${redact(postgres.url)})`);
  console.log(`Redis: ${redis.source} (${redis.url})`);
  await migrate(postgres.url, (line) => console.log(line));

  // On this machine a webhook may point at a receiver on localhost over plain HTTP.
  const env = { ...process.env, DATABASE_URL: postgres.url, REDIS_URL: redis.url, WEBHOOK_ALLOW_LOCAL_HTTP: process.env.WEBHOOK_ALLOW_LOCAL_HTTP ?? 'true' };
  const config = loadConfig(env);
  start('api', 'services/api/dist/main.js', env);
  start('worker', 'services/worker/dist/main.js', env);
  // The demo algorithm, behind the same contract as any model server.
  const detectorPort = Number(process.env.DETECTOR_PORT ?? 3001);
  start('detector', 'services/detector/dist/main.js', { ...env, DETECTOR_PORT: String(detectorPort) });
  const detectorUrl = `http://127.0.0.1:${detectorPort}`;
  const baseUrl = `http://localhost:${config.port}`;
  await waitUntilReady(baseUrl);
  await waitUntilReady(detectorUrl, '/healthz');
  if (stopping) return;

  // Demo accounts are made through the API like a person would; with MAIL_URL set the sign-in code leaves the
  // machine, so the seeder cannot read it and a real deployment starts with only its admin.
  const demo = config.mailUrl ? [] : await seedDemo(baseUrl, postgres.url, config.admin, { detectorUrl });

  const lines = [
    '',
    `The platform is up: ${baseUrl}`,
    `  admin: ${config.admin.account} / ${config.admin.password} (sign in on the Internal tab; the code is printed`,
    `         in this log and kept in the admin's Mailbox page while MAIL_URL is not set)`,
    ...demo.map(demoAccountLine),
    `  API documentation: ${baseUrl}/api/docs`,
    `  demo detector (model-server contract): ${detectorUrl}/detect`,
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
