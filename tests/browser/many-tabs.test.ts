// A PM works in a dozen tabs: every tab and every reload loads about as fast as the first page did, the browser holds
// one events stream for all of them, a job's end still reaches a tab that did not start it, and the stream follows
// the person signed in: it closes when they sign out and when the last tab goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode } from '../support/sign-in';

describe('many tabs of the console', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  const openStreams = async () => (await call(platform, 'GET', '/manage/system/health', { token: admin })).body.data.eventStreams as number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, admin, projectId } = await startDemo());
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  /** How long the project's page takes until its title, read from the API, shows. */
  async function loadProject(page: Page, reload = false): Promise<number> {
    const started = Date.now();
    await (reload ? page.reload() : page.goto(`/project/datamanage/${projectId}`));
    await page.getByRole('heading', { name: demoProjectTitle }).waitFor({ timeout: 60_000 });
    return Date.now() - started;
  }

  it('loads twelve tabs and ten reloads about as fast as the first page, over one events stream', async () => {
    const first = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(first.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(first.page, '/home');
    const context = first.page.context();
    const tabs = [first.page];
    const firstLoad = await loadProject(first.page);
    const bound = 3 * firstLoad + 2_000;
    const loads: number[] = [];
    let mostStreams = await openStreams();
    while (tabs.length < 12) {
      const tab = await context.newPage();
      tab.setDefaultTimeout(15_000);
      tabs.push(tab);
      loads.push(await loadProject(tab));
      mostStreams = Math.max(mostStreams, await openStreams());
    }
    const reloaded = tabs[5];
    for (let round = 0; round < 10; round++) {
      loads.push(await loadProject(reloaded, true));
      mostStreams = Math.max(mostStreams, await openStreams());
    }
    expect(loads.filter((took) => took > bound), `first ${firstLoad} ms, then ${loads.join(', ')} ms`).toEqual([]);
    expect(mostStreams).toBe(1);
    expect(await openStreams()).toBe(1);

    // An export started in one tab reaches the export records another tab shows, which only the stream refreshes.
    const watching = tabs[3];
    await watching.goto(`/project/exportData/${projectId}`);
    const watched = watching.getByRole('region', { name: 'Export records' }).getByTestId('export-record');
    await expect.poll(() => watched.count(), { timeout: 15_000 }).toBe(2);
    const exporting = tabs[8];
    await exporting.goto(`/project/exportData/${projectId}`);
    const form = exporting.getByRole('form', { name: 'New export' });
    await form.getByLabel('Format').selectOption({ label: 'COCO (detection and segmentation)' });
    await form.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => watched.count(), { timeout: 60_000 }).toBe(3);
    await watched.first().getByText('Succeeded').waitFor({ timeout: 60_000 });

    // Signing out in one tab ends the stream of every tab; signing in again opens one under the new session.
    await tabs[0].getByRole('button', { name: 'User menu' }).click();
    await tabs[0].getByRole('menuitem', { name: 'Exit' }).click();
    await tabs[0].waitForURL('**/login');
    await eventually(openStreams, (open) => open === 0, 5_000);
    await forgetResendLimit(platform);
    await signInThroughConsole(tabs[0], 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(tabs[0], '/home');
    await eventually(openStreams, (open) => open === 1, 10_000);

    // The last tab to leave closes the stream at once.
    for (const tab of tabs) await tab.close();
    await eventually(openStreams, (open) => open === 0, 5_000);
  }, 480_000);
});
