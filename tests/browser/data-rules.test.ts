// A PM keeps an import/export data rule's versions in the console, with schema errors shown where they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeContexts, sharedBrowser, openPage, signInAdminThroughConsole } from '../support/browser';
import { startPlatform, type Platform } from '../support/platform';

describe('data rules in the console', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('creates a rule, refuses a document the schema does not allow, and saves two versions', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(page, platform);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Import/export rules' }).click();
    await page.getByLabel('Rule name').fill('COCO export');
    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByLabel('Rule document (JSON)');
    await editor.waitFor();
    await editor.fill('{"direction": "export", "format": "yaml"}');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('document.format');
    await editor.fill('{"direction": "export", "format": "coco"}');
    await page.getByLabel('Version note').fill('first');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('v1 ·').waitFor();
    await editor.fill('{"direction": "both", "format": "kitti"}');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('v2 ·').waitFor();
    // The list of rules follows the saved version once it has asked for the rules again.
    await expect.poll(() => page.getByRole('list', { name: 'Rules' }).textContent()).toContain('COCO export v2');
    expect(errors).toEqual([]);
  });
});
