// The test services as containers (testcontainers on Docker or Podman): PostgreSQL, Redis and MinIO in the image
// versions docker-compose.yml runs, so the tests meet the servers production meets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StartedTestContainer } from 'testcontainers';

/** The engine's address for testcontainers (a DOCKER_HOST value), or why there is none. */
export type Engine = { host: string } | { missing: string };

/** Where Docker, Docker Desktop, rootless Docker and Podman (rootful, then rootless) keep their API sockets. */
function socketCandidates(): string[] {
  const runtimeDir = process.env.XDG_RUNTIME_DIR ?? `/run/user/${process.getuid?.() ?? 0}`;
  return [
    '/var/run/docker.sock',
    path.join(runtimeDir, 'docker.sock'),
    path.join(os.homedir(), '.docker/run/docker.sock'),
    path.join(os.homedir(), '.docker/desktop/docker.sock'),
    '/run/podman/podman.sock',
    path.join(runtimeDir, 'podman/podman.sock'),
  ];
}

const isSocket = (file: string): boolean => {
  try {
    return fs.statSync(file).isSocket();
  } catch {
    return false;
  }
};

/**
 * A quick look for an engine without asking it anything: DOCKER_HOST when set, else the first API socket that exists.
 * Costs a few stat calls, so a machine without an engine loses no time to it.
 */
export function findEngine(): Engine {
  if (process.env.DOCKER_HOST) return { host: process.env.DOCKER_HOST };
  const socket = socketCandidates().find(isSocket);
  return socket ? { host: `unix://${socket}` } : { missing: 'no Docker or Podman socket found and DOCKER_HOST is not set' };
}

/** The image docker-compose.yml names for a service, read from the file itself so the two cannot drift apart. */
export function composeImage(service: 'postgres' | 'redis' | 'minio'): string {
  const compose = fs.readFileSync(path.resolve(__dirname, '../../docker-compose.yml'), 'utf8');
  const image = new RegExp(`^  ${service}:\\n(?:    .*\\n)*?    image: (\\S+)$`, 'm').exec(compose)?.[1];
  if (!image) throw new Error(`docker-compose.yml names no image for the ${service} service`);
  return image;
}

/** The MinIO account of every test bucket: the compose file's defaults. */
export const minioAccount = { accessKeyId: 'annot', secretAccessKey: 'annot-storage-secret' };

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

async function testcontainers(engine: { host: string }) {
  // testcontainers looks for Docker's sockets only; naming the engine's address lets it reach Podman's as well.
  process.env.DOCKER_HOST = engine.host;
  return import('testcontainers');
}

const stopper = (container: StartedTestContainer) => async () => {
  await container.stop({ timeout: 0 });
};

/** PostgreSQL with its data on a tmpfs: a test run's databases are thrown away at its end. */
export async function startPostgresContainer(engine: { host: string }): Promise<RunningService> {
  const { GenericContainer, Wait } = await testcontainers(engine);
  const container = await new GenericContainer(composeImage('postgres'))
    .withEnvironment({ POSTGRES_PASSWORD: 'annot' })
    .withExposedPorts(5432)
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    .withSharedMemorySize(256 * 1024 * 1024)
    // The image's first start initialises the cluster and restarts it: the second "ready" is the one that serves.
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  return { url: `postgres://postgres:annot@${container.getHost()}:${container.getMappedPort(5432)}/postgres`, stop: stopper(container) };
}

/** Redis without persistence, as the tests' own redis-server runs; `hostPort` pins it, so a restart keeps its address. */
export async function startRedisContainer(engine: { host: string }, hostPort?: number): Promise<RunningService> {
  const { GenericContainer, Wait } = await testcontainers(engine);
  const container = await new GenericContainer(composeImage('redis'))
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'])
    .withExposedPorts(hostPort ? { container: 6379, host: hostPort } : 6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();
  return { url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`, stop: stopper(container) };
}

/** MinIO with the compose file's account; buckets are made by the files that use them. */
export async function startMinioContainer(engine: { host: string }): Promise<RunningService> {
  const { GenericContainer, Wait } = await testcontainers(engine);
  const container = await new GenericContainer(composeImage('minio'))
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: minioAccount.accessKeyId, MINIO_ROOT_PASSWORD: minioAccount.secretAccessKey })
    .withExposedPorts(9000)
    .withTmpFs({ '/data': 'rw' })
    .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
    .start();
  return { url: `http://${container.getHost()}:${container.getMappedPort(9000)}`, stop: stopper(container) };
}
