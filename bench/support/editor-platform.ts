// The whole platform on a benchmark's scratch database (API, worker and the built console on one port) with the demo
// data, and the demo tagger signed in to a Chromium page.
/// <reference lib="dom" />
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig } from '@annot/core';
import { createApiApp } from '@annot/api/dist/app.factory';
import { createWorkerApp } from '@annot/worker/dist/worker.factory';
import { demoAccounts, type DemoOptions, seedDemo, signInInternal } from '../../scripts/src/seed-demo';
import { demoCall } from '../../scripts/src/seed-demo-call';
import type { BenchDatabase } from './bench-database';
import { freshConsole } from './fresh-console';

// Compiled to scripts/dist/bench/support.
const root = path.resolve(__dirname, '../../../..');

export interface EditorPlatform {
  baseUrl: string;
  browser: Browser;
  /** A fresh session of the demo's admin, for what only an admin does (a batch and its upload). */
  signInAdmin(): Promise<string>;
  stop(): Promise<void>;
}

/** The demo without its projects of other annotation types unless `demo` asks for them. */
export async function startEditorPlatform(bench: BenchDatabase, demo: DemoOptions = { otherTypes: false }): Promise<EditorPlatform> {
  const config = {
    ...loadConfig({}),
    databaseUrl: bench.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `annot-bench-${randomUUID().slice(0, 8)}`,
    port: 0,
    logLevel: 'silent',
    // What `npm run up` serves, built from the sources as they are.
    consoleDir: await freshConsole(root),
    storageDir: path.join(root, 'var/bench-storage'),
  };
  const api: NestExpressApplication = await createApiApp(config);
  let worker: INestApplicationContext | null = null;
  try {
    await api.listen(0, '127.0.0.1');
    const started = await createWorkerApp(config);
    worker = started;
    await started.init();
    const baseUrl = `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;
    await seedDemo(baseUrl, bench.url, config.admin, demo);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    return {
      baseUrl,
      browser,
      signInAdmin: () => signInInternal(demoCall(baseUrl), bench.url, config.admin),
      stop: async () => {
        await browser.close();
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

/** A page where the demo tagger signed in through the console's own form, and its token for the API. */
export async function taggerPage(platform: EditorPlatform): Promise<{ page: Page; token: string }> {
  const tagger = demoAccounts.find((a) => a.account === 'tagger@example.com')!;
  const context = await platform.browser.newContext({ baseURL: platform.baseUrl, locale: 'en-US', viewport: { width: 1600, height: 1000 } });
  await context.addCookies([{ name: 'languageType', value: 'en_US', url: platform.baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto('/login');
  await page.getByRole('tab', { name: 'User' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Account').fill(tagger.account);
  await panel.getByLabel('Password').fill(tagger.password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  return { page, token };
}
