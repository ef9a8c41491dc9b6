// Documents and help in the console: the admin adds a guide for taggers (an uploaded Markdown file), told in place when
// no role may read it; a tagger finds it under help documents and reads it on the manual page, laid out as written and
// with nothing of the file run; a client neither sees it in the menu nor opens it by its address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { consoleToken, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { createPerson } from '../support/people';
import { call, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const guide = [
  '# Vehicles',
  'Draw each vehicle with **one tight box**.',
  '- cars\n- trucks',
  '<script>window.guideRan = true</script>',
  '<img src="x" onerror="window.guideRan = true">',
  '[A link that would run](javascript:window.guideRan=true)',
].join('\n\n');

describe('documents and help in the console', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await sharedBrowser();
    const token = await signInAdmin(platform);
    await createPerson(platform, token, { role: '40', name: 'Tagger', account: 'tagger@example.com', password: 'Tagger@123' });
    await createPerson(platform, token, { role: '50', name: 'Client', account: 'client@example.com', password: 'Client@123' });
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('adds a guide for taggers, which a tagger reads from the help documents and a client cannot reach', async () => {
    const admin = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(admin.page, platform);
    await admin.page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Document management' }).click();
    await admin.page.getByRole('button', { name: 'Add a document' }).click();
    const form = admin.page.getByRole('form', { name: 'Add a document' });
    await form.getByLabel('Name').fill('Annotation guide');
    await form.getByRole('radio', { name: 'File' }).check();
    await form.getByLabel(/^File \(/).setInputFiles({ name: 'guide.md', mimeType: 'text/markdown', buffer: Buffer.from(guide) });
    await form.getByText('Uploaded: guide.md').waitFor();
    await form.getByRole('button', { name: 'Add a document' }).click();
    await form.getByText('Choose at least one role that may read the document').waitFor();
    await form.getByRole('checkbox', { name: 'Tagger' }).check();
    await form.getByRole('button', { name: 'Add a document' }).click();
    const row = admin.page.getByTestId('document-row').filter({ hasText: 'Annotation guide' });
    await row.getByText('On shelf').waitFor();
    expect(await row.textContent()).toContain('guide.md');
    expect(admin.errors).toEqual([]);

    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Tagger@123');
    await landOn(tagger.page, '/tag');
    const menu = tagger.page.getByRole('navigation', { name: 'Side menu' });
    await menu.getByText('Help documents').waitFor();
    await menu.getByRole('link', { name: 'Annotation guide' }).click();
    await tagger.page.waitForURL(/\/document\/manual\?url=.+&id=[0-9a-f-]{36}$/);
    await tagger.page.getByRole('heading', { name: 'Annotation guide' }).waitFor();
    // The Markdown laid out: a heading, bold words, a list; not the marks it is written with.
    const article = tagger.page.getByRole('article');
    await article.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor();
    expect(await article.locator('strong').textContent()).toBe('one tight box');
    expect(await article.getByRole('listitem').allTextContents()).toEqual(['cars', 'trucks']);
    expect(await article.textContent()).not.toContain('**');
    // Nothing in the file runs: no script or image of its HTML, no script address behind its link.
    expect(await article.locator('script, img').count()).toBe(0);
    const link = article.getByText('A link that would run');
    expect((await link.getAttribute('href')) ?? '').not.toContain('javascript');
    expect(await tagger.page.evaluate(() => (window as unknown as { guideRan?: boolean }).guideRan)).toBeUndefined();
    expect(tagger.errors).toEqual([]);
    const manual = new URL(tagger.page.url());

    const client = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(client.page, 'Client', 'client@example.com', 'Client@123');
    await landOn(client.page, '/checkout');
    await client.page.goto(`${manual.pathname}${manual.search}`);
    await client.page.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
    // What the page asked for, asked again with the client's own session: no help document for a client.
    const help = await call(platform, 'GET', '/manage/documents/help', { token: await consoleToken(client.page) });
    expect(help.body).toMatchObject({ code: 200, data: [] });
    expect(await client.page.getByRole('navigation', { name: 'Side menu' }).getByText('Help documents').count()).toBe(0);
    expect(await client.page.getByText('Draw each vehicle with').count()).toBe(0);
  });
});
