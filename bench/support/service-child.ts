// The API or the worker alone in a process of its own on a benchmark's database, so the peak resident memory of what
// it serves is its own and not the benchmark's. An API and a worker started with the same place share their queues
// (one Redis prefix) and their storage (one folder), as the two services of one platform do.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@annot/core';
import { createApiApp } from '@annot/api/dist/app.factory';
import { createWorkerApp } from '@annot/worker/dist/worker.factory';

export type ServiceKind = 'api' | 'worker';

/** Where the services of one platform meet: their queues' Redis prefix and their storage folder. */
export interface ServicePlace {
  redisPrefix: string;
  storageDir?: string;
}

export interface ServiceChild {
  /** The API's address; empty for the worker. */
  baseUrl: string;
  /** The process's peak resident memory so far, in MB. */
  peakRssMb(): Promise<number>;
  /** The largest JavaScript heap in use and memory outside it (buffers) seen so far, sampled, in MB: where the peak went. */
  peakUseMb(): Promise<{ heap: number; external: number }>;
  /** The CPU seconds (user and system) the process has spent since it began. */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

type Message = { port: number | null } | { peakRssMb: number } | { heap: number; external: number } | { cpuSeconds: number };

/** A place of its own, for a service that needs no other. */
export const newServicePlace = (storageDir?: string): ServicePlace => ({ redisPrefix: `annot-bench-${randomUUID().slice(0, 8)}`, ...(storageDir ? { storageDir } : {}) });

/** Starts the service on the database at `databaseUrl` and answers once it listens (the API) or runs its processors (the worker). */
export function startServiceChild(kind: ServiceKind, databaseUrl: string, place: ServicePlace = newServicePlace()): Promise<ServiceChild> {
  const child = fork(__filename, [], { env: { ...process.env, ANNOT_BENCH_SERVICE: JSON.stringify({ kind, databaseUrl, place }) } });
  const next = () => new Promise<Message>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the ${kind} process exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (message) => (child.off('exit', exited), resolve(message as Message)));
  });
  return next().then(
    (started): ServiceChild => {
      const port = (started as { port: number | null }).port;
      return {
        baseUrl: port === null ? '' : `http://127.0.0.1:${port}`,
        peakRssMb: async () => {
          const answer = next();
          child.send('peak');
          return ((await answer) as { peakRssMb: number }).peakRssMb;
        },
        peakUseMb: async () => {
          const answer = next();
          child.send('use');
          return (await answer) as { heap: number; external: number };
        },
        cpuSeconds: async () => {
          const answer = next();
          child.send('cpu');
          return ((await answer) as { cpuSeconds: number }).cpuSeconds;
        },
        stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.send('stop'))),
      };
    },
  );
}

async function serve(kind: ServiceKind, databaseUrl: string, place: ServicePlace): Promise<void> {
  const config = {
    ...loadConfig({}),
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: place.redisPrefix,
    ...(place.storageDir ? { storageDir: place.storageDir } : {}),
    port: 0,
    logLevel: 'silent' as const,
  };
  let port: number | null = null;
  let close: () => Promise<void>;
  if (kind === 'api') {
    const api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    port = (api.getHttpServer().address() as { port: number }).port;
    close = () => api.close();
  } else {
    const worker = await createWorkerApp(config);
    await worker.init();
    close = () => worker.close();
  }
  const use = { heap: 0, external: 0 };
  setInterval(() => {
    const { heapUsed, external } = process.memoryUsage();
    use.heap = Math.max(use.heap, heapUsed / 1024 ** 2);
    use.external = Math.max(use.external, external / 1024 ** 2);
  }, 100).unref();
  process.on('message', (message) => {
    if (message === 'peak') process.send!({ peakRssMb: process.resourceUsage().maxRSS / 1024 });
    if (message === 'use') process.send!(use);
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuSeconds: (user + system) / 1e6 });
    }
    if (message === 'stop') void close().then(() => process.exit(0));
  });
  process.send!({ port });
}

const asked = process.env.ANNOT_BENCH_SERVICE;
if (asked && process.send) {
  const { kind, databaseUrl, place } = JSON.parse(asked) as { kind: ServiceKind; databaseUrl: string; place: ServicePlace };
  serve(kind, databaseUrl, place).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
