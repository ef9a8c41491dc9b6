// An admin keeps the error property groups and invalid-image reasons from the console.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeContexts, sharedBrowser, openPage, signInAdminThroughConsole } from '../support/browser';
import { startPlatform, type Platform } from '../support/platform';

describe('error groups and invalid-image reasons in the console', () => {
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

  it('creates a group with two values and a reason, and shows a repeated code under its field', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(page, platform);
    const menu = page.getByRole('navigation', { name: 'Side menu' });

    await menu.getByRole('link', { name: 'Box error groups' }).click();
    await page.getByRole('button', { name: 'New error group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Group name').fill('Box errors');
    await dialog.getByRole('group', { name: 'Error value 1' }).getByLabel('Name').fill('Too loose');
    await dialog.getByRole('group', { name: 'Error value 1' }).getByLabel('Type').fill('position');
    await dialog.getByRole('button', { name: 'Add error value' }).click();
    await dialog.getByRole('group', { name: 'Error value 2' }).getByLabel('Name').fill('Wrong label');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Error type cannot be empty']);
    await dialog.getByRole('group', { name: 'Error value 2' }).getByLabel('Type').fill('label');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Wrong label · label').waitFor();

    await menu.getByRole('link', { name: 'Invalid-image reasons' }).click();
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'New reason' }).click();
      const reason = page.getByRole('dialog');
      await reason.getByLabel('Code').fill('BLUR');
      await reason.getByLabel('Name').fill(`Blurred ${attempt}`);
      await reason.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) await page.getByRole('row').filter({ hasText: 'Blurred 1' }).waitFor();
    }
    await expect.poll(() => page.getByRole('dialog').getByRole('alert').allTextContents()).toEqual(['Reason code already exists']);
    expect(errors).toEqual([]);
  });
});
