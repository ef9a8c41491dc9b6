// A PM writes an annotation rule in the console, adds a PDF version, and previews both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeContexts, sharedBrowser, openPage, signInAdminThroughConsole } from '../support/browser';
import { startPlatform, type Platform } from '../support/platform';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('annotation rules in the console', () => {
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

  it('saves a rich text version and a PDF version, refusing a file that is not a PDF', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(page, platform);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Annotation rules' }).click();
    await page.getByLabel('Rule name').fill('Lane lines');
    await page.getByLabel('Config ID').fill('CFG-7');
    await page.getByRole('button', { name: 'New rule' }).click();

    const content = page.getByRole('textbox', { name: 'Rule content' });
    await content.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await content.pressSequentially('Keep lanes continuous');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText(/v1 · Rich text/).click();
    expect(await page.locator('details :is(b, strong)').first().textContent()).toBe('Keep lanes continuous');

    await page.getByRole('tab', { name: 'PDF' }).click();
    await page.getByLabel('Rule file (PDF, under 10 MB)').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
    await page.getByRole('button', { name: 'Upload as a new version' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('The rule file must be a PDF');
    await page.getByLabel('Rule file (PDF, under 10 MB)').setInputFiles({ name: 'rules.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Upload as a new version' }).click();
    await page.getByText(/v2 · PDF/).click();
    await page.locator('iframe[title="rules.pdf"]').waitFor();
    expect(errors).toEqual([]);
  });
});
