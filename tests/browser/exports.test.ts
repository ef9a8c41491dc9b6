// Exports in the console: the demo PM finds the demo's finished exports, is told in place why a naming pattern is
// refused, exports what the client accepted as YOLO with images, watches it finish and downloads the zip; a broken
// annotation upload is refused with the line that broke it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import type { Platform } from '../support/platform';
import { forgetResendLimit, latestCode } from '../support/sign-in';
import { zipEntries } from '../support/zip-entries';

describe('exports in the console', () => {
  let platform: Platform;
  let browser: Browser;
  let projectId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, projectId } = await startDemo());
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('lets the PM export accepted items as YOLO with images and download the archive', async () => {
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');
    await pm.page.goto(`/project/exportData/${projectId}`);
    const records = pm.page.getByRole('region', { name: 'Export records' });
    // The demo's two exports, finished.
    await expect.poll(() => records.getByTestId('export-record').count(), { timeout: 15_000 }).toBe(2);
    expect(await records.getByText('Succeeded').count()).toBe(2);

    const form = pm.page.getByRole('form', { name: 'New export' });
    await form.getByLabel('Format').selectOption({ label: 'YOLO' });
    await form.getByLabel('Items', { exact: true }).selectOption({ label: 'Passed client acceptance' });
    await form.getByLabel('With media files').check();
    await form.getByLabel('Naming pattern').fill('../{project}');
    await form.getByRole('button', { name: 'Export' }).click();
    await form.getByText('The naming pattern may hold letters, digits, dots, dashes, underscores and the placeholders project, batch, format and date in braces').waitFor();
    expect(await records.getByTestId('export-record').count()).toBe(2);

    await form.getByLabel('Naming pattern').fill('{project}_accepted_{format}');
    await form.getByText(/The archive will be named .*_accepted_yolo\.zip/).waitFor();
    await form.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => records.getByTestId('export-record').count(), { timeout: 15_000 }).toBe(3);
    const newest = records.getByTestId('export-record').first();
    await newest.getByText('Succeeded').waitFor({ timeout: 60_000 });
    await newest.getByText(/\d+ items \(objects: \d+\)/).waitFor();

    const [download] = await Promise.all([pm.page.waitForEvent('download'), newest.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/_accepted_yolo\.zip$/);
    const entries = await zipEntries(await readFile((await download.path())!));
    expect(entries.has('classes.txt')).toBe(true);
    const labels = [...entries.keys()].filter((name) => name.startsWith('labels/') && name.endsWith('.txt'));
    const images = [...entries.keys()].filter((name) => name.startsWith('images/') && name.endsWith('.png'));
    expect(labels.length).toBeGreaterThan(0);
    expect(images).toHaveLength(labels.length);
    expect(pm.errors).toEqual([]);
  }, 180_000);

  it('shows an annotation upload’s refusal with the line that caused it', async () => {
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');
    await pm.page.goto(`/project/exportData/${projectId}`);
    const form = pm.page.getByRole('form', { name: 'Import annotations' });
    await form.getByLabel('Batch').selectOption({ label: 'Demo batch 1' });
    await form.getByLabel('Format').selectOption({ label: 'COCO (detection and segmentation)' });
    await form.getByLabel(/Annotation file/).setInputFiles({ name: 'instances.json', mimeType: 'application/json', buffer: Buffer.from('{"images": [') });
    await form.getByRole('button', { name: 'Import' }).click();
    const alert = form.getByRole('alert');
    await alert.getByText('The import failed with the following error.').waitFor();
    await alert.getByText(/instances\.json/).waitFor();
    await alert.getByText(/cannot be read as COCO/).waitFor();
    expect(pm.errors).toEqual([]);
  }, 120_000);
});
