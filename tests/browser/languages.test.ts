// The console in the languages that test its layout and its fonts: each role switches to Arabic in place and walks its
// menu read right to left (the side menu on the right, nothing past the window's edges, the header's controls apart),
// then to Thai, drawn in a font that has it; no screen ever shows a translation key, and a stored language the console
// does not know reads Chinese.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProject } from '../support/batches';
import { landOn, launchBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { drawnInItsScript, keysSeen, outsideViewport, overlappingHeaderControls, watchForKeys } from '../support/layout';
import { createPerson } from '../support/people';
import { call, startPlatform, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';

type Strings = Record<string, string>;
const catalogue = (tag: string): Strings => JSON.parse(readFileSync(join(__dirname, '..', '..', 'console', 'src', 'locales', `${tag}.json`), 'utf8'));
const english = catalogue('en-US');
const arabic = catalogue('ar-SA');
const thai = catalogue('th-TH');

/** Picks a language by its own name in the header's switcher, read in the page's current language. */
async function switchTo(page: Page, current: Strings, name: string): Promise<void> {
  await page.getByRole('button', { name: current.header_language }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The screen's lazily loaded code and data have arrived and been drawn. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main .animate-pulse').count(), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const sideMenu = (page: Page, strings: Strings) => page.getByRole('navigation', { name: strings.side_menu });

/** Opens each entry of the side menu like a person would, and notes what `look` finds on each screen. */
async function walkMenu<T>(page: Page, strings: Strings, look: (path: string) => Promise<T>): Promise<T[]> {
  const menu = sideMenu(page, strings);
  await menu.getByRole('link').first().waitFor();
  const entries = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const found: T[] = [];
  for (const path of entries) {
    await menu.locator(`a[href="${path}"]`).click();
    await page.waitForURL(`**${path}`);
    await settled(page);
    found.push(await look(path));
  }
  return found;
}

/** What a reader of Arabic would see wrong on a screen: any of it differing from the mirrored layout. */
async function arabicLayout(page: Page, path: string) {
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const menu = (await sideMenu(page, arabic).boundingBox())!;
  return {
    path,
    document: await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`),
    menuOnTheRight: menu.x > width / 2 && Math.abs(menu.x + menu.width - width) <= 1,
    outside: await outsideViewport(page),
    overlapping: await overlappingHeaderControls(page),
  };
}

/** Whether the screen's menu entry, written in Thai, is drawn in a font that has Thai: no empty boxes in its place. */
async function thaiDrawn(page: Page, path: string) {
  const entry = `nav a[href="${path}"]`;
  const { hasScript } = await drawnInItsScript(page, entry, 'th');
  const width = (await page.locator(entry).boundingBox())?.width ?? 0;
  return { path, document: await page.evaluate(() => document.documentElement.lang), hasScript, drawn: width > 0 };
}

/** Switches a signed-in page to Arabic and walks its menu, then to Thai and walks it again, all without a reload. */
async function walkInArabicAndThai(page: Page, errors: string[]): Promise<void> {
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await switchTo(page, english, 'العربية');
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await sideMenu(page, arabic).waitFor();
  const mirrored = await walkMenu(page, arabic, (path) => arabicLayout(page, path));
  expect(mirrored).toEqual(mirrored.map(({ path }) => ({ path, document: 'ar-SA rtl', menuOnTheRight: true, outside: [], overlapping: [] })));

  await switchTo(page, arabic, 'ไทย');
  await sideMenu(page, thai).waitFor();
  expect(await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)).toBe('th-TH ltr');
  const drawn = await walkMenu(page, thai, (path) => thaiDrawn(page, path));
  expect(drawn).toEqual(drawn.map(({ path }) => ({ path, document: 'th-TH', hasScript: true, drawn: true })));

  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await keysSeen(page)).toEqual([]);
  expect(errors).toEqual([]);
}

describe('the console in Arabic and Thai', () => {
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await launchBrowser();
    const admin = await signInAdmin(platform);
    const team = await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Readers', organisationId: 'READ-1', hiveId: '201', size: 5, mobile: '13900000011' } });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    const teamId = team.body.data.id;
    await createPerson(platform, admin, { role: '10', name: 'Reading PM', account: 'read-pm@example.com', email: 'read-pm@example.com', password: 'Manage@123' });
    await createPerson(platform, admin, { role: '30', name: 'Reading supplier', account: 'read-supplier', password: 'Supply@123', teamId });
    await createPerson(platform, admin, { role: '40', name: 'Reading tagger', account: 'read-tagger', password: 'Tagger@123', teamId });
    await createPerson(platform, admin, { role: '50', name: 'Reading client', account: 'read-client', password: 'Client@123' });
    await seedProject(platform);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  async function openWatched() {
    const opened = await openPage(browser, platform.baseUrl);
    await watchForKeys(opened.page.context());
    return opened;
  }

  it('walks the admin menu in Arabic, then in Thai', async () => {
    const { page, errors } = await openWatched();
    await signInAdminThroughConsole(page, platform);
    await walkInArabicAndThai(page, errors);
  });

  it('walks the PM menu in Arabic, then in Thai', async () => {
    const { page, errors } = await openWatched();
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'read-pm@example.com', 'Manage@123', () => latestCode(platform, 'read-pm@example.com'));
    await landOn(page, '/home');
    await walkInArabicAndThai(page, errors);
  });

  it('walks the supplier, tagger and client menus in Arabic, then in Thai', async () => {
    for (const [tab, account, password, landing] of [
      ['Team', 'read-supplier', 'Supply@123', '/supplier'],
      ['User', 'read-tagger', 'Tagger@123', '/tag'],
      ['Client', 'read-client', 'Client@123', '/checkout'],
    ] as const) {
      const { page, errors } = await openWatched();
      await signInThroughConsole(page, tab, account, password);
      await landOn(page, landing);
      await walkInArabicAndThai(page, errors);
      await page.context().close();
    }
  });

  it('opens in the stored language with its script drawn and no key shown, and in Chinese for a language it does not know', async () => {
    // The sign-in card's title, in each language's script; an unknown language reads Chinese.
    for (const [code, expected, script] of [
      ['ar_SA', 'ar-SA rtl', 'ar'],
      ['th_TH', 'th-TH ltr', 'th'],
      ['hi_IN', 'hi-IN ltr', 'hi'],
      ['xx_XX', 'zh-CN ltr', 'zh-cn'],
    ] as const) {
      const { page, errors } = await openWatched();
      await page.context().addCookies([{ name: 'languageType', value: code, url: platform.baseUrl }]);
      await page.goto('/login');
      await page.locator('h3').first().waitFor();
      expect(await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`)).toBe(expected);
      expect(await drawnInItsScript(page, 'h3', script)).toEqual({ drawnWith: expect.any(String), hasScript: true });
      expect(await keysSeen(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
