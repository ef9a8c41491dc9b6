// A real redis-server of the test's own, on its own port, that the test can stop and start again.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../scripts/src/local-services';

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
