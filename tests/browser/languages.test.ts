// The console in the languages that test its layout and its fonts, over the demo's data: each role switches to Arabic in
// place and walks its menu read right to left (the side menu on the right, nothing past the window's edges, the
// header's controls apart), then to Thai, drawn in a font that has it; the editor's stage stays left to right in Arabic;
// no screen ever shows a translation key, and a stored language the console does not know reads Chinese.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleToken, imageToScreen, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { startDemo, type Demo } from '../support/demo';
import { drawnInItsScript, keysSeen, outsideViewport, overlappingHeaderControls, watchForKeys } from '../support/layout';
import { call, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode } from '../support/sign-in';

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

/**
 * Whether the screen's first text written in Thai (a heading, a label: the console's own words, not its data) is drawn
 * in a font that has Thai, with a width of its own: no empty boxes in its place.
 */
async function thaiDrawn(page: Page, path: string) {
  // A screen that renders again while it is asked about replaces the marked element with an unmarked one: the probe
  // is then marked again on what the screen now draws.
  for (let attempt = 1; ; attempt++) {
    try {
      return await thaiDrawnOnce(page, path);
    } catch (error) {
      if (attempt >= 5 || !/Could not find node/.test((error as Error).message)) throw error;
    }
  }
}

async function thaiDrawnOnce(page: Page, path: string) {
  const found = await page.evaluate(() => {
    document.querySelector('[data-thai-probe]')?.removeAttribute('data-thai-probe');
    // The page's own words first; a screen that shows only a document has the menu's.
    const probe = [...Array.from(document.querySelectorAll('main *')), ...Array.from(document.querySelectorAll('nav *'))].find((element) =>
      Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && /[\u0E00-\u0E7F]/.test(node.textContent ?? '')),
    );
    probe?.setAttribute('data-thai-probe', '');
    return probe !== undefined;
  });
  const { hasScript } = found ? await drawnInItsScript(page, '[data-thai-probe]', 'th') : { hasScript: false };
  const width = found ? ((await page.locator('[data-thai-probe]').boundingBox())?.width ?? 0) : 0;
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
  let demo: Demo;
  let platform: Platform;
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
    demo = await startDemo();
    platform = demo.platform;
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  async function openWatched() {
    const opened = await openPage(browser, platform.baseUrl);
    await watchForKeys(opened.page.context());
    return opened;
  }

  // Each walk opens every screen of a menu twice, over the demo's data.
  const walking = { timeout: 240_000 };

  it('walks the admin menu in Arabic, then in Thai', walking, async () => {
    const { page, errors } = await openWatched();
    await signInAdminThroughConsole(page, platform);
    await walkInArabicAndThai(page, errors);
  });

  it('walks the PM menu in Arabic, then in Thai', walking, async () => {
    const { page, errors } = await openWatched();
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(page, '/home');
    await walkInArabicAndThai(page, errors);
  });

  it('walks the supplier, tagger and client menus in Arabic, then in Thai', walking, async () => {
    for (const [tab, account, password, landing] of [
      ['Team', 'supplier@example.com', 'Demo@2026', '/supplier'],
      ['User', 'tagger@example.com', 'Demo@2026', '/tag'],
      ['Client', 'client@example.com', 'Demo@2026', '/checkout'],
    ] as const) {
      const { page, errors } = await openWatched();
      await signInThroughConsole(page, tab, account, password);
      await landOn(page, landing);
      await walkInArabicAndThai(page, errors);
      await page.context().close();
    }
  });

  it("keeps the editor's stage left to right in Arabic: a box lands on the picture where it is drawn", async () => {
    const { page, errors } = await openWatched();
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    const annotation = demo.links.find((link) => link.type === 'annotation')!;
    const claimed = await call(platform, 'POST', `/manage/items/links/${annotation.id}/claims`, { token, body: { count: 1 } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const itemId: string = claimed.body.data.items[0];
    const objects = async (): Promise<{ id: string; keyframes: { shape: Record<string, number> }[] }[]> =>
      (await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data.result?.result.objects ?? [];
    const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data;
    const before = new Set((await objects()).map((object) => object.id));

    await switchTo(page, english, 'العربية');
    // The choice is kept once Arabic's strings have arrived and the page has turned, as a person sees it before going on.
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.goto(`/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    // The page turns right to left once the chosen language's chunk has arrived; it never does if the language is lost.
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const directions = await page.evaluate(() => [document.documentElement.dir, getComputedStyle(document.querySelector('[data-testid="editor-canvas"]')!).direction]);
    expect(directions).toEqual(['rtl', 'ltr']);
    expect(await outsideViewport(page)).toEqual([]);

    // A box by dragging with the first tool's key, from (20, 20) to (100, 80) of the picture.
    const at = await imageToScreen(page, { width: item.width, height: item.height });
    await page.keyboard.press('Shift+Digit1');
    const [from, to] = [at(20, 20), at(100, 80)];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
    // Once saved, the box is where it was drawn on the picture, to a pixel or two of the mouse's rounding.
    const drawn = async () => (await objects()).find((object) => !before.has(object.id))?.keyframes[0].shape;
    await expect.poll(async () => (await drawn()) !== undefined, { timeout: 20_000 }).toBe(true);
    const { x, y, width, height } = (await drawn())!;
    const off = [x - 20, y - 20, width - 80, height - 60];
    expect(off.every((pixels) => Math.abs(pixels) <= 2), JSON.stringify({ x, y, width, height })).toBe(true);
    expect(await keysSeen(page)).toEqual([]);
    expect(errors).toEqual([]);
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
