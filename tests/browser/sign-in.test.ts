// Sign-in flows in the real console: account choice, LOGIN_REPEAT, registration errors, role redirects, disabled users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { call, startPlatform, type Platform } from '../support/platform';
import { type Cast, castOfEveryRole, createPerson } from '../support/people';
import { forgetResendLimit, latestCode } from '../support/sign-in';

describe('signing in through the console', () => {
  let platform: Platform;
  let browser: Browser;
  let cast: Cast;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await sharedBrowser();
    cast = await castOfEveryRole(platform);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('asks which account to use when a phone holds several, and signs in the chosen one', async () => {
    await createPerson(platform, cast.tokens['01'], { role: '40', name: 'Ma One', account: 'ma-one', phone: '13500000001', password: 'Tagger@123' });
    await createPerson(platform, cast.tokens['01'], { role: '40', name: 'Ma Two', account: 'ma-two', phone: '13500000001', password: 'Tagger@123' });
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', '13500000001', 'Tagger@123');
    const dialog = page.getByRole('dialog', { name: 'Choose an account' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please choose an account');
    await dialog.getByLabel('Ma Two').check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/tag');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Ma Two' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('confirms before signing in again elsewhere, and the other session is sent back to sign-in', async () => {
    const first = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(first.page, 'Client', 'client@example.com', 'Client@123');
    await landOn(first.page, '/checkout');

    const second = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(second.page, 'Client', 'client@example.com', 'Client@123');
    const confirm = second.page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Continuing will sign that device out');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await second.page.waitForURL('**/checkout');

    await first.page.reload();
    await first.page.waitForURL('**/login');
    expect(await first.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows registration errors in Chinese and in English', async () => {
    const zh = await openPage(browser, platform.baseUrl, 'zh_CN');
    await zh.page.goto('/register/10');
    const zhPanel = zh.page.getByRole('tabpanel');
    await zhPanel.getByRole('button', { name: '注册' }).click();
    expect(await zhPanel.getByRole('alert').allTextContents()).toEqual(['请输入名称', '请输入手机号或邮箱', '请输入验证码', '请输入密码', '请再次输入密码']);
    await zhPanel.getByRole('textbox', { name: '手机号' }).fill('12345');
    await zhPanel.getByLabel('密码', { exact: true }).fill('abc');
    await zhPanel.getByRole('button', { name: '注册' }).click();
    expect(await zhPanel.getByRole('alert').allTextContents()).toEqual(
      expect.arrayContaining(['手机号格式不正确', '长度8~14位；字母、数字、标点符号至少包含2种；不能包含空格、中文']),
    );

    const en = await openPage(browser, platform.baseUrl, 'en_US');
    await en.page.goto('/register/10');
    const panel = en.page.getByRole('tabpanel');
    await panel.getByLabel('Name').fill('Han');
    await panel.getByRole('textbox', { name: 'Phone' }).fill('13500000009');
    await panel.getByLabel('Password', { exact: true }).fill('Annot@2026');
    await panel.getByLabel('Confirm password').fill('Annot@2027');
    await panel.getByRole('button', { name: 'Register' }).click();
    expect(await panel.getByRole('alert').allTextContents()).toEqual(['Please enter the verification code', 'The passwords are inconsistent']);

    await panel.getByLabel('Confirm password').fill('Annot@2026');
    await panel.getByLabel('Verification code').fill('000000');
    await panel.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => panel.getByRole('alert').allTextContents()).toEqual(['Verification failed! Check the code, or send a new one once the countdown ends.']);
  });

  it('sends each role to its own area after sign-in', async () => {
    const landings: [Parameters<typeof signInThroughConsole>[1], string, string, string][] = [
      ['User', 'tagger@example.com', 'Tagger@123', '/tag'],
      ['Team', 'supplier@example.com', 'Supply@123', '/supplier'],
      ['Client', 'client@example.com', 'Client@123', '/checkout'],
    ];
    for (const [tab, account, password, landing] of landings) {
      const { page } = await openPage(browser, platform.baseUrl);
      await signInThroughConsole(page, tab, account, password);
      await landOn(page, landing);
    }
    const { page } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'pm10@example.com', 'Manage@123', () => latestCode(platform, 'pm10@example.com'));
    await landOn(page, '/home');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Taggers' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'PMs' }).count()).toBe(0);
  });

  it('refuses a disabled account with the reason', async () => {
    const id = await createPerson(platform, cast.tokens['01'], { role: '40', name: 'Gone', account: 'gone@example.com', password: 'Tagger@123' });
    await call(platform, 'POST', `/manage/people/${id}/disable`, { token: cast.tokens['01'] });
    const { page } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'gone@example.com', 'Tagger@123');
    await expect.poll(() => page.getByText('This account is disabled; please contact the administrator').isVisible()).toBe(true);
    expect(page.url()).toContain('/login');
  });
});
