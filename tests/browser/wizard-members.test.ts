// A PM builds a project whose wizard offers only its annotation type's tools, chooses the links' people and uploads a
// batch before publishing; the lists are named for their states, and a wrong code or a missing item says what to do.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { createPerson } from '../support/people';
import { call, startPlatform, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';

describe('the wizard and the rough edges around it', () => {
  let platform: Platform;
  let browser: Browser;
  const pm = { account: 'members-pm@example.com', password: 'Manage@123' };

  beforeAll(async () => {
    platform = await startPlatform({ worker: true });
    browser = await sharedBrowser();
    const admin = await signInAdmin(platform);
    await createPerson(platform, admin, { role: '10', name: 'PM Members', account: pm.account, email: pm.account, password: pm.password });
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Lane box', templateType: 'box' } });
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Car cuboid', templateType: 'cuboid' } });
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Sky mask', templateType: 'mask' } });
    const rule = await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Lane rules', configId: 'LANE' } });
    await call(platform, 'POST', `/manage/annotation-rules/${rule.body.data.id}/versions`, { token: admin, body: { html: '<p>Box every lane marking</p>' } });
    for (const name of ['Lane fit', 'Sign fit']) await call(platform, 'POST', '/manage/error-groups', { token: admin, body: { name, values: [{ name: 'loose', color: '#ff0000', type: 'geometry' }] } });
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  const signInPm = async (page: Page) => {
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', pm.account, pm.password, () => latestCode(platform, pm.account));
    await landOn(page, '/home');
  };

  it('offers a picture project its flat tools, chooses people and uploads a batch before publishing', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInPm(page);
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await menu.getByRole('link', { name: 'Projects to publish' }).waitFor();
    await menu.getByRole('link', { name: 'Ended projects' }).waitFor();
    await menu.getByRole('link', { name: 'New project' }).click();

    await page.getByLabel('Project title').fill('Early lanes');
    await page.getByLabel('Start date').fill('2026-12-01');
    await page.getByLabel('End date').fill('2026-12-31');
    await page.getByLabel('Unit price (RMB)').fill('0.25');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/step=tools/);

    // The cuboid is not offered to a picture project (its mask is), and the step says which kinds are.
    await page.getByText('Kinds of tool for Picture, single frame: Box, Polygon, Line, Curve, Point, Mask').waitFor();
    await page.getByLabel(/Lane box/).waitFor();
    await page.getByLabel(/Sky mask/).waitFor();
    expect(await page.getByLabel(/Car cuboid/).count()).toBe(0);
    await page.getByLabel(/Lane box/).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/step=links/);
    await page.getByRole('button', { name: 'Add annotation link' }).click();
    await page.getByRole('button', { name: 'Add inspection link' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/step=rules/);
    await page.getByLabel('Annotation rule').selectOption({ label: 'Lane rules' });
    // The project chooses the error groups its marks name, at least one; the step says what the mark dialog will offer.
    await page.getByText('Choose at least one: inspectors and acceptors mark only with the groups chosen here.').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText("Choose at least one error group for the project's marks").waitFor();
    expect(page.url()).toContain('step=rules');
    await page.getByLabel('Lane fit').check();
    await page.getByText('Inspectors and acceptors mark with: Lane fit').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // The members step follows the rules, one form per link.
    await page.waitForURL(/step=members/);
    await page.getByText("Choose the teams and taggers of each link now, or later from the project's members screen.").waitFor();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save', exact: true }).first().waitFor();

    // The data step takes a batch while the project waits for publishing.
    await page.getByRole('tab', { name: '6. Data' }).click();
    await page.getByText("Batches uploaded before publishing wait; their items enter the first link's pool when the project is published.").waitFor();
    await page.getByLabel('Batch name').fill('Early drive');
    await page.getByRole('button', { name: 'New batch' }).click();
    const row = page.getByRole('row', { name: 'Early drive' });
    await row.waitFor();
    await row.getByLabel('Choose a zip file').setInputFiles({ name: 'early.zip', mimeType: 'application/zip', buffer: await sampleZip(sampleFrames(3, 48, 32)) });
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('3 items, 0 failed');

    // Publishing asks first.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alertdialog').getByText('Publish this project?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/project\/datamanage\/[0-9a-f-]{36}$/);
    await page.getByRole('row', { name: 'Early drive' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps the frame and the way home on an item that is not there, in Chinese', async () => {
    const { page } = await openPage(browser, platform.baseUrl, 'zh_CN');
    await forgetResendLimit(platform);
    await page.goto('/login');
    await page.getByRole('tab', { name: '内部' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('账号').fill(pm.account);
    await panel.getByLabel('密码').fill(pm.password);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel.getByRole('button', { name: /秒后重发/ }).waitFor();
    const code = await latestCode(platform, pm.account);
    await panel.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => panel.getByRole('alert').allTextContents()).toContain('验证失败！请核对验证码，或在倒计时结束后重新发送。');
    await panel.getByLabel('验证码').fill(code);
    await panel.getByRole('button', { name: '登录' }).click();
    // The PM is signed in elsewhere by the test before: the console asks whether to go on.
    await page.getByRole('alertdialog').getByRole('button', { name: '继续' }).click();
    await page.waitForURL(/\/home$/);

    await page.goto(`/project/edit/${randomUUID()}`);
    await page.getByRole('alert').getByText('未找到').waitFor();
    await page.getByRole('banner').getByText('数据标注平台').waitFor();
    await page.getByRole('alert').getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL(/\/home$/);
  });
});
