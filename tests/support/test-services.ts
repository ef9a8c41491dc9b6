// Which PostgreSQL, Redis and S3-compatible store a test run uses. TEST_SERVICES=containers|local|embedded forces one;
// unset, the first that works in that order, and the run says which it chose and why.
import net from 'node:net';
import { postgresAnswers, resolvePostgres, resolveRedis } from '../../scripts/src/local-services';
import { type Engine, findEngine, minioAccount, type RunningService, startMinioContainer, startPostgresContainer, startRedisContainer } from './containers';

export type ServicesKind = 'containers' | 'local' | 'embedded';
const kinds: readonly ServicesKind[] = ['containers', 'local', 'embedded'];

/** The run's S3-compatible server when it has one (MinIO in containers); files without it start s3rver. */
export interface S3Store {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface TestServices {
  kind: ServicesKind;
  postgresUrl: string;
  redisUrl: string;
  s3: S3Store | null;
  /** The engine's address, for the files that start containers of their own. */
  dockerHost: string | null;
  stop(): Promise<void>;
}

const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

/** Why the local servers cannot serve, or null when both answer (DATABASE_URL and REDIS_URL name them when set). */
async function localMissing(): Promise<string | null> {
  const postgres = process.env.DATABASE_URL ?? localPostgres;
  const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await postgresAnswers(postgres))) return `no PostgreSQL answers at ${new URL(postgres).host}`;
  if (!(await redisAnswers(redis))) return `no Redis answers at ${new URL(redis).host}`;
  return null;
}

async function startContainers(engine: { host: string }): Promise<TestServices> {
  // All three at once; when one fails, the others are stopped once they have started.
  const results = await Promise.allSettled([startPostgresContainer(engine), startRedisContainer(engine), startMinioContainer(engine)]);
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.allSettled(started.map((service) => service.stop()));
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [postgres, redis, minio] = started;
  return { kind: 'containers', postgresUrl: postgres.url, redisUrl: redis.url, s3: { endpoint: minio.url, ...minioAccount }, dockerHost: engine.host, stop };
}

/** Today's servers: DATABASE_URL and REDIS_URL when set, else the default local ports. */
async function startLocal(): Promise<TestServices> {
  const postgres = await resolvePostgres({ database: 'postgres' });
  const redis = await resolveRedis();
  return fromResolved('local', postgres, redis);
}

/** An embedded PostgreSQL and a redis-server child of this process, whatever runs on the default ports. */
async function startEmbedded(): Promise<TestServices> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, ANNOT_FORCE_EMBEDDED: process.env.ANNOT_FORCE_EMBEDDED };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  process.env.ANNOT_FORCE_EMBEDDED = '1';
  try {
    const postgres = await resolvePostgres({ database: 'postgres' });
    const redis = await resolveRedis().catch(async (error: unknown) => {
      await postgres.stop();
      throw error;
    });
    return fromResolved('embedded', postgres, redis);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

function fromResolved(kind: ServicesKind, postgres: RunningService, redis: RunningService): TestServices {
  return {
    kind,
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    s3: null,
    dockerHost: null,
    stop: async () => {
      await redis.stop();
      await postgres.stop();
    },
  };
}

function forcedKind(): ServicesKind | null {
  const wanted = process.env.TEST_SERVICES;
  if (!wanted) return null;
  if (!(kinds as readonly string[]).includes(wanted)) throw new Error(`TEST_SERVICES=${wanted}: choose one of ${kinds.join(', ')}`);
  return wanted as ServicesKind;
}

async function forced(kind: ServicesKind): Promise<TestServices> {
  if (kind === 'embedded') return startEmbedded();
  if (kind === 'local') {
    const missing = await localMissing();
    if (missing) throw new Error(`TEST_SERVICES=local, but ${missing}`);
    return startLocal();
  }
  const engine = findEngine();
  if ('missing' in engine) throw new Error(`TEST_SERVICES=containers, but ${engine.missing}`);
  return startContainers(engine).catch((error: unknown) => {
    throw new Error(`TEST_SERVICES=containers, but the containers did not start at ${engine.host}: ${(error as Error).message}`, { cause: error });
  });
}

/**
 * The first that works of containers, local and embedded. Servers named by DATABASE_URL or REDIS_URL are a choice
 * already made, so they skip the containers.
 */
async function firstThatWorks(say: (line: string) => void): Promise<TestServices> {
  const engine: Engine = process.env.DATABASE_URL || process.env.REDIS_URL ? { missing: 'DATABASE_URL or REDIS_URL names the servers' } : findEngine();
  if ('host' in engine) {
    try {
      return await startContainers(engine);
    } catch (error) {
      say(`test services: the containers did not start at ${engine.host} (${(error as Error).message.split('\n')[0]})`);
    }
  }
  const missing = await localMissing();
  if (!missing) {
    const services = await startLocal();
    say(`test services: local (${'missing' in engine ? engine.missing : 'the containers did not start'})`);
    return services;
  }
  const services = await startEmbedded();
  say(`test services: embedded (${'missing' in engine ? engine.missing : 'the containers did not start'}, and ${missing})`);
  return services;
}

export async function startTestServices(say: (line: string) => void = (line) => console.log(line)): Promise<TestServices> {
  const kind = forcedKind();
  if (!kind) {
    const services = await firstThatWorks(say);
    if (services.kind === 'containers') say(`test services: containers at ${services.dockerHost}`);
    return services;
  }
  const services = await forced(kind);
  say(`test services: ${kind} (TEST_SERVICES)`);
  return services;
}
