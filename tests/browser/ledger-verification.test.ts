// The first walk through the console: an admin signs in and watches a ledger verification run to 100%.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startPlatform, type Platform } from '../support/platform';
import { adminAccount, adminPassword, forgetResendLimit, latestCode } from '../support/sign-in';

describe('ledger verification in the console', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('signs the admin in and shows a verification run reaching 100% live', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', adminAccount, adminPassword, () => latestCode(platform, adminAccount));
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Admin' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Database').isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Ledger verification' }).click();
    await page.getByRole('button', { name: 'Verify ledger' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Passed' }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByText('100%').isVisible()).toBe(true);
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect.poll(() => page.getByRole('button', { name: '校验账本' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
