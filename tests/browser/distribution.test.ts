// Distribution in the console: the PM gives the demo team five items of the annotation link's pool and reads the
// numbers again; the demo supplier reads its team's share on its own project page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedDemo } from '../../scripts/src/seed-demo';
import { landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { adminAccount, adminPassword, signInAdmin } from '../support/sign-in';

interface LinkShares {
  linkId: string;
  name: string;
  open: { waiting: number } | null;
  teams: { name: string; waiting: number }[];
}

describe('distribution in the console', () => {
  let platform: Platform;
  let browser: Browser;
  let projectId: string;
  let admin: string;
  let annotation: LinkShares;

  const shares = async (): Promise<LinkShares[]> => (await call(platform, 'GET', `/manage/distribution/projects/${projectId}`, { token: admin })).body.data;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await sharedBrowser();
    await seedDemo(platform.baseUrl, platform.database.url, { account: adminAccount, password: adminPassword }, { otherTypes: false });
    admin = await signInAdmin(platform);
    projectId = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items[0].id;
    // The demo team is on the annotation link, whose pool fills once the worker has moved the imported items in.
    annotation = (await eventually(shares, (links: LinkShares[]) => links.some((l) => l.teams.some((t) => t.name === 'Demo Team') && (l.open?.waiting ?? 0) >= 5))).find((l) =>
      l.teams.some((t) => t.name === 'Demo Team'),
    )!;
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('lets the PM give the demo team five items and shows the numbers, and the supplier sees its share', async () => {
    const pm = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(pm.page, platform);
    await pm.page.goto(`/project/datamanage/${projectId}`);
    const card = pm.page.getByRole('region', { name: 'Distribution' }).getByLabel(annotation.name, { exact: true });
    const openBefore = annotation.open!.waiting;
    await card.getByText(`Open pool: ${openBefore} waiting`).waitFor();
    await card.getByLabel('Items for Demo Team').fill('5');
    await card.getByRole('button', { name: 'Save' }).click();

    await pm.page.getByText('Distribution saved').waitFor();
    const row = card.getByRole('row', { name: 'Demo Team' });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('5');
    const before = annotation.teams.find((t) => t.name === 'Demo Team')!.waiting;
    await card.getByText(`Open pool: ${openBefore - (5 - before)} waiting`).waitFor();
    // Signing in through the console ended the test's own admin session: its calls now use the console's token.
    admin = await pm.page.evaluate(() => localStorage.getItem('token') ?? '');
    const after = (await shares()).find((l) => l.linkId === annotation.linkId)!;
    expect(after.teams.find((t) => t.name === 'Demo Team')!.waiting).toBe(5);

    // More than the pool holds is refused by the server, in its words.
    await card.getByLabel('Items for Demo Team').fill(String(openBefore + before + 1000));
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('alert').filter({ hasText: /can be shared here/ }).waitFor();
    expect(pm.errors).toEqual([]);

    const supplier = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(supplier.page, 'Team', 'supplier@example.com', 'Demo@2026');
    await landOn(supplier.page, '/supplier');
    await supplier.page.goto(`/supplier/datamanage/${projectId}`);
    const share = supplier.page.getByRole('region', { name: "Our team's share" }).getByLabel(annotation.name, { exact: true });
    await share.getByText(/, 5 waiting,/).waitFor();
    expect(supplier.errors).toEqual([]);
  });
});
