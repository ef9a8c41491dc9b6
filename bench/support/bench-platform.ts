// The API and the worker on a benchmark's scratch database with the demo data, in this process, storing on the disk
// or in an S3-compatible bucket; the editor benchmarks add the built console and a browser to it.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig, loadConfig } from '@annot/core';
import { createApiApp } from '@annot/api/dist/app.factory';
import { createWorkerApp } from '@annot/worker/dist/worker.factory';
import { type DemoOptions, seedDemo, signInInternal } from '../../scripts/src/seed-demo';
import { demoCall } from '../../scripts/src/seed-demo-call';
import type { BenchDatabase } from './bench-database';

// Compiled to scripts/dist/bench/support.
export const root = path.resolve(__dirname, '../../../..');

export interface BenchPlatform {
  baseUrl: string;
  config: AppConfig;
  /** A fresh session of the demo's admin, for what only an admin does (a batch and its upload). */
  signInAdmin(): Promise<string>;
  stop(): Promise<void>;
}

/** The demo without its projects of other annotation types unless `demo` asks for them; `config` over the defaults. */
export async function startBenchPlatform(bench: BenchDatabase, demo: DemoOptions = { otherTypes: false }, settings: Partial<AppConfig> = {}): Promise<BenchPlatform> {
  const config: AppConfig = {
    ...loadConfig({}),
    databaseUrl: bench.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `annot-bench-${randomUUID().slice(0, 8)}`,
    port: 0,
    logLevel: 'silent',
    storageDir: path.join(root, 'var/bench-storage'),
    ...settings,
  };
  const api: NestExpressApplication = await createApiApp(config);
  let worker: INestApplicationContext | null = null;
  try {
    await api.listen(0, '127.0.0.1');
    // The seeding's requests come from this process, whose event loop a large upload being built can hold for seconds
    // on a busy machine: an idle connection kept longer than that is not closed by the API just as it is picked again.
    api.getHttpServer().keepAliveTimeout = 60_000;
    const started = await createWorkerApp(config);
    worker = started;
    await started.init();
    const baseUrl = `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;
    await seedDemo(baseUrl, bench.url, config.admin, demo);
    return {
      baseUrl,
      config,
      signInAdmin: () => signInInternal(demoCall(baseUrl), bench.url, config.admin),
      stop: async () => {
        await started.close();
        await api.close();
      },
    };
  } catch (error) {
    // A platform that did not come up is stopped here: its server and queues would otherwise keep the benchmark's
    // process from ever exiting with the failure.
    await worker?.close();
    await api.close();
    throw error;
  }
}
