// A PM builds a tool in the console: attributes with captured hotkeys, a duplicate-hotkey error, export and re-import.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { call, startPlatform, type Platform } from '../support/platform';
import { createPerson } from '../support/people';
import { forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';

describe('tool configuration in the console', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await sharedBrowser();
    const admin = await signInAdmin(platform);
    await createPerson(platform, admin, { role: '10', name: 'PM Tools', account: 'tools-pm@example.com', email: 'tools-pm@example.com', password: 'Manage@123' });
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('creates a tool with attributes and hotkeys, refuses a repeated hotkey, and exports and re-imports it', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'tools-pm@example.com', 'Manage@123', () => latestCode(platform, 'tools-pm@example.com'));
    await landOn(page, '/home');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Tool configuration' }).click();
    await page.getByRole('link', { name: 'New tool' }).click();

    await page.getByLabel('Tool name').fill('Vehicle box');
    await page.getByLabel('Auto-track frames').fill('15');
    for (const [index, name, key] of [
      [0, 'occluded', 'o'],
      [1, 'truncated', 'O'],
    ] as const) {
      await page.getByRole('button', { name: 'Add attribute' }).click();
      const attribute = page.getByRole('group', { name: `Attribute ${index + 1}` });
      await attribute.getByLabel('Attribute name').fill(name);
      await attribute.getByLabel('Display name').fill(name.toUpperCase());
      await attribute.getByLabel('Export name').fill(name);
      await attribute.getByLabel('Hotkey', { exact: true }).press(key);
      await attribute.getByLabel('Option 1', { exact: true }).fill('yes');
      await attribute.getByRole('button', { name: 'Add option' }).click();
      await attribute.getByLabel('Option 2', { exact: true }).fill('no');
    }
    expect(await page.getByRole('group', { name: 'Attribute 2' }).getByLabel('Hotkey', { exact: true }).inputValue()).toBe('O');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('group', { name: 'Attribute 2' }).getByRole('alert').allTextContents()).toEqual(['Shortcut key O repeat']);

    await page.getByRole('group', { name: 'Attribute 2' }).getByLabel('Hotkey', { exact: true }).press('T');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/toolConfig');
    const row = page.getByRole('row').filter({ hasText: 'Vehicle box' });
    await row.waitFor();
    expect(await row.textContent()).toContain('v1');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Export' }).click()]);
    const file = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as { name: string; attributes: { hotkey: string }[] };
    expect(file.attributes.map((a) => a.hotkey)).toEqual(['O', 'T']);

    await page.getByLabel('Tool file to import').setInputFiles({ name: 'tool.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Tool name already exists');
    await page.keyboard.press('Escape');
    await page.getByLabel('Tool file to import').setInputFiles({ name: 'tool.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...file, name: 'Vehicle box copy' })) });
    await page.getByRole('row').filter({ hasText: 'Vehicle box copy' }).waitFor();
    const tools = await call(platform, 'GET', '/manage/tools', { token: await signInAdmin(platform) });
    expect(tools.body.data.map((t: { name: string }) => t.name).sort()).toEqual(['Vehicle box', 'Vehicle box copy']);
    expect(errors).toEqual([]);
  });
});
