// The whole platform on a benchmark's scratch database (API, worker and the built console on one port) with the demo
// data, and the demo tagger signed in to a Chromium page.
/// <reference lib="dom" />
import { chromium, type Browser, type Page } from 'playwright-core';
import type { AppConfig } from '@annot/core';
import { demoAccounts, type DemoOptions } from '../../scripts/src/seed-demo';
import type { BenchDatabase } from './bench-database';
import { type BenchPlatform, root, startBenchPlatform } from './bench-platform';
import { freshConsole } from './fresh-console';

export interface EditorPlatform extends BenchPlatform {
  browser: Browser;
}

/** The demo without its projects of other annotation types unless `demo` asks for them; `settings` choose the store. */
export async function startEditorPlatform(bench: BenchDatabase, demo: DemoOptions = { otherTypes: false }, settings: Partial<AppConfig> = {}): Promise<EditorPlatform> {
  // What `npm run up` serves, built from the sources as they are.
  const platform = await startBenchPlatform(bench, demo, { consoleDir: await freshConsole(root), ...settings });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    return {
      ...platform,
      browser,
      stop: async () => {
        await browser.close();
        await platform.stop();
      },
    };
  } catch (error) {
    await platform.stop();
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
