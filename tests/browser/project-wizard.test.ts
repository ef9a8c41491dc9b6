// A PM builds a project through the wizard, is stopped by a broken link order, publishes, uploads a zip and watches it import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { call, startPlatform, type Platform } from '../support/platform';
import { createPerson } from '../support/people';
import { forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';

describe('project wizard in the console', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform({ worker: true });
    browser = await sharedBrowser();
    const admin = await signInAdmin(platform);
    await createPerson(platform, admin, { role: '10', name: 'PM Wizard', account: 'wizard-pm@example.com', email: 'wizard-pm@example.com', password: 'Manage@123' });
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Lane box', templateType: 'box' } });
    const rule = await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Lane rules', configId: 'LANE' } });
    await call(platform, 'POST', `/manage/annotation-rules/${rule.body.data.id}/versions`, { token: admin, body: { html: '<p>Box every lane marking</p>' } });
    await call(platform, 'POST', '/manage/error-groups', { token: admin, body: { name: 'Lane fit', values: [{ name: 'loose', color: '#ff0000', type: 'geometry' }] } });
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('goes from an empty wizard to an ongoing project with an imported batch', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'wizard-pm@example.com', 'Manage@123', () => latestCode(platform, 'wizard-pm@example.com'));
    await landOn(page, '/home');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'New project' }).click();

    // Basic info creates the draft.
    await page.getByLabel('Project title').fill('Lane markings');
    await page.getByLabel('Start date').fill('2026-12-01');
    await page.getByLabel('End date').fill('2026-12-31');
    await page.getByLabel('Unit price (RMB)').fill('0.25');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/project\/new\/[0-9a-f-]{36}\?step=tools/);

    await page.getByLabel(/Lane box/).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/step=links/);

    // An inspection first: the editor says so at once, and the server refuses the same pipeline.
    await page.getByRole('button', { name: 'Add inspection link' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('First segment cannot be quality inspection');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => page.getByText('First segment cannot be quality inspection').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('step=links');

    await page.getByRole('button', { name: 'Add annotation link' }).click();
    await page.getByRole('listitem', { name: 'Link 2' }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => page.getByText('First segment cannot be quality inspection').count()).toBe(0);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/step=rules/);

    await page.getByLabel('Annotation rule').selectOption({ label: 'Lane rules' });
    await page.getByLabel('Lane fit').check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/project\/datamanage\/[0-9a-f-]{36}$/);
    await page.getByText('Ongoing').first().waitFor();
    // The ongoing list shows it, with only the actions its status allows beside the menu of its pages.
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Ongoing projects' }).click();
    const listed = page.getByRole('row').filter({ hasText: 'Lane markings' });
    await listed.waitFor();
    expect(await listed.getByRole('button').allTextContents()).toEqual(['More', 'Pause', 'Complete', 'Close', 'Clone']);
    await listed.getByRole('link', { name: 'Lane markings' }).click();
    await page.waitForURL(/\/project\/datamanage\/[0-9a-f-]{36}$/);

    // A batch, its zip, and the progress bar until every item is in.
    await page.getByLabel('Batch name').fill('Morning drive');
    await page.getByLabel('Priority').fill('5');
    await page.getByRole('button', { name: 'New batch' }).click();
    const row = page.getByRole('row', { name: 'Morning drive' });
    await row.waitFor();
    const zip = await sampleZip(sampleFrames(40, 96, 64));
    await row.getByLabel('Choose a zip file').setInputFiles({ name: 'morning.zip', mimeType: 'application/zip', buffer: zip });
    await row.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('100%');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('40 items, 0 failed');
    await row.getByText('In progress').waitFor();

    await row.getByRole('button', { name: '40 items, 0 failed' }).click();
    await page.getByRole('cell', { name: 'frames/frame_0001.png' }).waitFor();
    expect(await page.getByRole('cell', { name: '96×64' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
