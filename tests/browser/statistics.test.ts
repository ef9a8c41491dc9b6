// Statistics in the console on the demo data: the PM's dashboard on /home with its charts, the demo project's datasum
// page with its progress, people, costs and charts, switched to months in the browser’s time zone, and a tagger's own
// figures without price or cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { type Demo, startDemo } from '../support/demo';
import { call, eventually } from '../support/platform';
import { forgetResendLimit, latestCode } from '../support/sign-in';

describe('statistics in the console', () => {
  let demo: Demo;
  let browser: Browser;

  beforeAll(async () => {
    browser = await sharedBrowser();
    demo = await startDemo();
    // The projection is async: the demo's work is counted once it has caught up.
    await eventually(
      () => call(demo.platform, 'GET', `/manage/projects/${demo.projectId}/statistics`, { token: demo.admin }),
      (answer) => answer.status === 200 && answer.body.data.totals.submitted > 0,
      30_000,
    );
  }, 240_000);
  afterAll(async () => {
    await closeContexts(browser);
    await demo?.platform.stop();
  });

  it('shows the PM the dashboard with charts, and the project’s statistics by month and over a picked range', async () => {
    const { platform, projectId } = demo;
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');

    const dashboard = pm.page.getByRole('region', { name: 'Dashboard' });
    await dashboard.getByRole('heading', { name: 'Ongoing projects' }).waitFor();
    await dashboard.getByRole('figure', { name: 'Pass rate per period' }).locator('svg.recharts-surface').waitFor();
    await dashboard.getByRole('figure', { name: 'Output per period' }).locator('.recharts-bar-rectangle').first().waitFor();

    const project = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: demo.admin })).body.data;
    await dashboard.getByRole('link', { name: project.title }).click();
    await pm.page.waitForURL(`**/project/datasum/${projectId}`);
    await pm.page.getByRole('heading', { name: new RegExp(`Project statistics · ${project.title}`) }).waitFor();
    const links = pm.page.getByRole('table', { name: 'Progress per link' });
    for (const link of project.links) await links.getByRole('cell', { name: new RegExp(link.name) }).first().waitFor();
    await pm.page.getByRole('table', { name: 'Person' }).getByRole('row').nth(1).waitFor();
    await pm.page.getByRole('table', { name: 'Person' }).getByRole('columnheader', { name: 'Cost (RMB)' }).waitFor();
    await pm.page.getByText(/unit price ¥/).waitFor();
    await pm.page.getByRole('figure', { name: 'Output per period' }).locator('.recharts-bar-rectangle').first().waitFor();
    // The page keeps to the console's width: its widest tables scroll in their cards, and the granularity stays in view.
    expect(await pm.page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth)).toBe(0);
    await expect.poll(() => pm.page.getByRole('group', { name: 'Chart granularity' }).getByRole('button', { name: 'Year' }).boundingBox().then((box) => box && box.x + box.width <= 1280)).toBe(true);

    const byMonth = pm.page.waitForResponse((r) => r.url().includes(`/statistics?`) && r.url().includes('granularity=month'));
    await pm.page.getByRole('group', { name: 'Chart granularity' }).getByRole('button', { name: 'Month' }).click();
    const answer = await byMonth;
    const zone = await pm.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new URL(answer.url()).searchParams.get('tz')).toBe(zone);
    const body = await answer.json();
    expect(body.data.series.every((s: { period: string }) => s.period.endsWith('-01'))).toBe(true);
    await pm.page.getByRole('button', { name: 'Month', pressed: true }).waitFor();

    // The range narrowed to its last day: the request names it, and the page says the figures are that day's.
    const last = body.data.range.to as string;
    const oneDay = pm.page.waitForResponse((r) => r.url().includes('/statistics?') && r.url().includes(`from=${last}`));
    await pm.page.getByRole('group', { name: 'Date range' }).getByLabel('From').fill(last);
    expect((await (await oneDay).json()).data.range).toMatchObject({ from: last, to: last });
    await pm.page.getByText(new RegExp(`^${last} to ${last} `)).waitFor();
    expect(pm.errors).toEqual([]);
  });

  it('shows a tagger their own figures without the unit price or costs', async () => {
    const { platform, projectId } = demo;
    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const mine = tagger.page.waitForResponse((r) => r.url().includes(`/statistics/mine?`));
    await tagger.page.goto(`/tag/sum/${projectId}`);
    const table = tagger.page.getByRole('table', { name: 'Person' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain('Cost (RMB)');
    expect(await tagger.page.getByText(/unit price|Cost/).count()).toBe(0);
    expect(JSON.stringify((await (await mine).json()).data)).not.toMatch(/"(unitPrice|cost)"/);
    expect(tagger.errors).toEqual([]);
  });
});
