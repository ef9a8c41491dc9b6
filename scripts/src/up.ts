// `npm run up`: finds or starts PostgreSQL and Redis, migrates, starts the API (with the console) and a worker,
// adds the demo data, and prints where to sign in.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '@annot/core';
import { repoRoot, resolvePostgres, resolveRedis, type ResolvedService } from './local-services';
import { migrate } from './migrate';
import { seedDemo } from './seed-demo';

const root = repoRoot();

function start(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (line: string) => (line ? `[${name}] ${line}\n` : '');
  child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().split('\n').map(prefix).join('')));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk.toString().split('\n').map(prefix).join('')));
  return child;
}

async function waitUntilReady(baseUrl: string, children: ChildProcess[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (children.some((c) => c.exitCode !== null)) throw new Error('a platform process stopped while starting; see its output above');
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}/readyz did not answer 200 within 150 seconds`);
}

async function main(): Promise<void> {
  const services: ResolvedService[] = [];
  const children: ChildProcess[] = [];
  const shutdown = async (code: number) => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((resolve) => c.once('exit', resolve)))));
    for (const service of services.reverse()) await service.stop().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  const postgres = await resolvePostgres({ database: process.env.DATABASE_NAME ?? 'annot' });
  services.push(postgres);
  const redis = await resolveRedis();
  services.push(redis);
  console.log(`PostgreSQL: ${postgres.source} (${redact(postgres.url)})`);
  console.log(`Redis: ${redis.source} (${redis.url})`);
  await migrate(postgres.url, (line) => console.log(line));

  const env = { ...process.env, DATABASE_URL: postgres.url, REDIS_URL: redis.url };
  const config = loadConfig(env);
  children.push(start('api', 'services/api/dist/main.js', env), start('worker', 'services/worker/dist/main.js', env));
  for (const child of children) child.once('exit', (code) => void shutdown(code ?? 1));

  const baseUrl = `http://localhost:${config.port}`;
  await waitUntilReady(baseUrl, children);
  const demo = config.mailUrl ? [] : await seedDemo(baseUrl, postgres.url, config.admin);

  const lines = [
    '',
    `The platform is up: ${baseUrl}`,
    `  admin: ${config.admin.account} / ${config.admin.password} (sign in on the Internal tab; the code is printed`,
    `         in this log and kept in the admin's Mailbox page while MAIL_URL is not set)`,
    ...demo.map((d) => `  ${d.tab.padEnd(8)} ${d.account} / ${d.password}`),
    `  API documentation: ${baseUrl}/api/docs`,
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
