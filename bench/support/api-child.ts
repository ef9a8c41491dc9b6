// The API alone in a process of its own on a benchmark's database, so the peak resident memory of the requests it
// serves is its own and not the benchmark's.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@annot/core';
import { createApiApp } from '@annot/api/dist/app.factory';

export interface ApiChild {
  baseUrl: string;
  /** The process's peak resident memory so far, in MB. */
  peakRssMb(): Promise<number>;
  stop(): Promise<void>;
}

type Message = { port: number } | { peakRssMb: number };

/** Starts the API on the database at `databaseUrl` and answers once it listens. */
export function startApiChild(databaseUrl: string): Promise<ApiChild> {
  const child = fork(__filename, [], { env: { ...process.env, ANNOT_BENCH_API: databaseUrl } });
  const next = () => new Promise<Message>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the API process exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (message) => (child.off('exit', exited), resolve(message as Message)));
  });
  return next().then(
    (started): ApiChild => ({
      baseUrl: `http://127.0.0.1:${(started as { port: number }).port}`,
      peakRssMb: async () => {
        const answer = next();
        child.send('peak');
        return ((await answer) as { peakRssMb: number }).peakRssMb;
      },
      stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.send('stop'))),
    }),
  );
}

async function serve(databaseUrl: string): Promise<void> {
  const api = await createApiApp({
    ...loadConfig({}),
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `annot-bench-${randomUUID().slice(0, 8)}`,
    port: 0,
    logLevel: 'silent',
  });
  await api.listen(0, '127.0.0.1');
  process.on('message', (message) => {
    if (message === 'peak') process.send!({ peakRssMb: process.resourceUsage().maxRSS / 1024 });
    if (message === 'stop') void api.close().then(() => process.exit(0));
  });
  process.send!({ port: (api.getHttpServer().address() as { port: number }).port });
}

const databaseUrl = process.env.ANNOT_BENCH_API;
if (databaseUrl && process.send) {
  serve(databaseUrl).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
