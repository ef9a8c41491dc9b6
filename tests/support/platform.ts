// Starts the real API and worker in this process against a test database and a Redis prefix of its own.
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, type AppConfig } from '@annot/core';
import { createApiApp } from '../../services/api/src/app.factory';
import { createWorkerApp } from '../../services/worker/src/worker.factory';
import { createTestDatabase, testRedis, type TestDatabase } from './test-database';

export { eventually } from './eventually';

export interface Platform {
  baseUrl: string;
  config: AppConfig;
  database: TestDatabase;
  api: NestExpressApplication;
  worker: INestApplicationContext | null;
  /** Stops the API and the worker and drops the database, unless it is kept (as a template of other tests' databases). */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** `database` is one the caller prepared (a clone of the seeded demo, say); a fresh empty one by default. */
export async function startPlatform(
  options: { worker?: boolean; redisUrl?: string; config?: Partial<AppConfig>; database?: TestDatabase } = {},
): Promise<Platform> {
  const database = options.database ?? (await createTestDatabase());
  const redis = testRedis();
  const config: AppConfig = {
    // Webhook receivers in tests listen on 127.0.0.1 over plain HTTP, as the development stack allows; the accounts
    // tests make by the hundred are hashed at the least cost.
    ...loadConfig({ WEBHOOK_ALLOW_LOCAL_HTTP: 'true', PASSWORD_HASHING: 'fast' }),
    databaseUrl: database.url,
    redisUrl: options.redisUrl ?? redis.url,
    redisPrefix: redis.prefix,
    port: 0,
    // Test files run side by side, each with an API and a worker: small pools keep them all within the server's limit.
    databasePoolSize: 6,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.config,
  };
  const api = await createApiApp(config);
  await api.listen(0, '127.0.0.1');
  // The test's requests come from its own process, whose event loop a large body being built can hold for seconds on
  // a busy machine: an idle connection kept for longer than that cannot be closed by the API just as the test picks it
  // for its next request (which the test would read as a connection reset).
  api.getHttpServer().keepAliveTimeout = 60_000;
  const address = api.getHttpServer().address() as { port: number };
  // Model servers fetch media from the API the test started, whatever port it got.
  if (!options.config?.publicUrl) config.publicUrl = `http://127.0.0.1:${address.port}`;
  const worker = options.worker === false ? null : await createWorkerApp(config);
  await worker?.init();
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    config,
    database,
    api,
    worker,
    stop: async ({ keepDatabase = false } = {}) => {
      await worker?.close();
      // The test is over: a connection still open (the admin fuzz leaves one that is not idle) is ended rather than
      // waited on for the minute the server keeps connections alive.
      const closing = api.close();
      api.getHttpServer().closeAllConnections();
      await closing;
      await (keepDatabase ? database.close() : database.drop());
    },
  };
}

/** Calls the API like the console does and returns the status, the envelope and the headers. */
export async function call<T = any>(
  platform: Platform,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; token?: string } = {},
): Promise<{ status: number; body: { code: number; message: string; data: T; errCode: string | null }; headers: Headers }> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}
