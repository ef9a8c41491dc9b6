// A real redis-server of the test's own, on its own port, that the test can stop and start again: a child process, or
// a Redis container pinned to that port where the run's services are containers.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { inject } from 'vitest';
import { freePort } from '../../scripts/src/local-services';
import { type RunningService, startRedisContainer } from './containers';

export { freePort };

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dockerHost = inject('dockerHost');
  return dockerHost ? containerRedis({ host: dockerHost }, port) : childRedis(port);
}

/** Each start is a new container on the same host port, as each start of the child is a new process. */
async function containerRedis(engine: { host: string }, port: number): Promise<OwnRedis> {
  let running: RunningService | null = null;
  let url = '';
  const redis: OwnRedis = {
    get url() {
      return url;
    },
    async start() {
      running = await startRedisContainer(engine, port);
      url = running.url;
    },
    async stop() {
      const current = running;
      running = null;
      await current?.stop();
    },
  };
  await redis.start();
  return redis;
}

async function childRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await redis.start();
  return redis;
}
