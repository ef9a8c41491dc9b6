// Debian's Chromium driven by playwright-core, headless, with the flags this sandboxed network needs.
import type { LanguageCode } from '@annot/workflows';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Platform } from './platform';
import { adminAccount, adminPassword, forgetResendLimit, latestCode } from './sign-in';

/** Starts CHROMIUM_PATH, or Debian's Chromium, with the disabled features of Playwright and of these tests merged. */
const launcher = path.join(__dirname, 'chromium-launcher.sh');

let launched: Promise<Browser> | null = null;

/**
 * The Chromium of this test process: launched by the first file that asks, and shared by the files the process runs
 * after it, one at a time (a launch costs about half a CPU-second). Each file works in contexts of its own and closes
 * them with `closeContexts`; the browser ends with the process.
 */
export function sharedBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({
      executablePath: launcher,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The address bar's suggestions, drawn by a page of Chromium's own that every new window loads: in headless
        // windows nobody types into them, and they cost each browser context about a CPU-second.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    })
    .then(
      (browser) => {
        browser.on('disconnected', () => {
          launched = null;
        });
        return browser;
      },
      (error: unknown) => {
        launched = null;
        throw error;
      },
    );
  return launched;
}

/** Closes every context a file opened in the shared browser, its pages with them, so the next file finds none. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** A fresh page in its own browser context (its own cookies), in English unless asked for another language. */
export async function openPage(browser: Browser, baseUrl: string, language: LanguageCode = 'en_US'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: language.replace('_', '-') });
  await context.addCookies([{ name: 'languageType', value: language, url: baseUrl }]);
  const page = await context.newPage();
  // A step that cannot happen should fail with its locator, well before the test's own time runs out.
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Fills the sign-in form of one tab like a person would; the internal tab's code comes from `code`. */
export async function signInThroughConsole(
  page: Page,
  tab: 'User' | 'Team' | 'Client' | 'Internal',
  account: string,
  password: string,
  code?: () => Promise<string>,
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Account').fill(account);
  await panel.getByLabel('Password').fill(password);
  if (code) {
    await panel.getByRole('button', { name: 'Send code' }).click();
    // The countdown starts once the server has sent the code.
    await panel.getByRole('button', { name: /Resend in/ }).waitFor();
    await panel.getByLabel('Verification code').fill(await code());
  }
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the landing page, continuing past the LOGIN_REPEAT confirmation when it comes. */
export async function landOn(page: Page, path: string): Promise<void> {
  const confirm = page.getByRole('alertdialog');
  const landed = page.waitForURL(`**${path}`);
  const confirmed = confirm.waitFor({ timeout: 10_000 }).then(
    () => confirm.getByRole('button', { name: 'Continue' }).click(),
    () => undefined,
  );
  await Promise.race([landed, confirmed]);
  await landed;
}

/** The admin signs in on the Internal tab with the code from the development mailbox, and lands on /home. */
export async function signInAdminThroughConsole(page: Page, platform: Platform): Promise<void> {
  await forgetResendLimit(platform);
  await signInThroughConsole(page, 'Internal', adminAccount, adminPassword, () => latestCode(platform, adminAccount));
  await landOn(page, '/home');
}

/** Switches a signed-in page to Chinese, as the header's language switcher does, and opens `path`. */
export async function inChinese(page: Page, path: string): Promise<void> {
  await page.evaluate(() => {
    document.cookie = 'languageType=zh_CN; path=/';
    localStorage.setItem('lang', 'zh_CN');
  });
  await page.goto(path);
}

/** The session token the console keeps, so a test's own API calls act as the person signed in there. */
export const consoleToken = (page: Page): Promise<string> => page.evaluate(() => localStorage.getItem('token') ?? '');

/** Where an image pixel is on screen: the editor fits the image into its canvas, centred, at 98 percent. */
export async function imageToScreen(page: Page, image: { width: number; height: number }): Promise<(x: number, y: number) => { x: number; y: number }> {
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const scale = Math.min(box.width / image.width, box.height / image.height) * 0.98;
  const left = box.x + (box.width - image.width * scale) / 2;
  const top = box.y + (box.height - image.height * scale) / 2;
  return (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale });
}

/** A page signed in on the internal tab as an auditor the admin made, landed on its projects. */
export async function openAsAuditor(browser: Browser, platform: Platform, auditor: { account: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, platform.baseUrl);
  await forgetResendLimit(platform);
  await signInThroughConsole(opened.page, 'Internal', auditor.account, auditor.password, () => latestCode(platform, auditor.account));
  await landOn(opened.page, '/audit/projects');
  return opened;
}
