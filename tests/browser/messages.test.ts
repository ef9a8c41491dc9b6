// The message center in the console: a tagger's header badge counts up the moment an inspector rejects their item,
// without a reload; the badge opens the message center, whose message says what happened and links to the item,
// and marking all read clears the badge at once, for a tagger in English as for a PM in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { consoleToken, inChinese, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { boxResult, type Demo, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually } from '../support/platform';
import { forgetResendLimit, latestCode, signIn } from '../support/sign-in';

describe('messages in the console', () => {
  let demo: Demo;
  let browser: Browser;

  beforeAll(async () => {
    browser = await sharedBrowser();
    demo = await startDemo();
  }, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await demo?.platform.stop();
  });

  it('counts a rejection on the tagger\'s badge live, shows it in the message center, and clears the badge when all is read', async () => {
    const { platform, admin, projectId, links, toolId } = demo;
    const inspectorId = await createPerson(platform, admin, { role: '40', name: 'Badge Inspector', account: 'badge-inspector@example.com', password: 'Tagger@123' });
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[1].id}/members`, { token: admin, body: { teamIds: [], taggerIds: [inspectorId] } });
    const inspector = await signIn(platform, 'badge-inspector@example.com', 'Tagger@123', 1);
    await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token: inspector });

    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const token = await consoleToken(tagger.page);
    // Whatever the demo already told the tagger is read, so the badge starts empty.
    await call(platform, 'POST', '/manage/messages/read-all', { token });
    await tagger.page.reload();
    const badge = tagger.page.getByTestId('unread-badge');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 10_000 }).toBe('No unread messages');

    const claimed = await call<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token, body: { count: 1 } });
    const [itemId] = claimed.body.data.items;
    await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token, body: { result: boxResult(toolId) } });
    expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token })).status).toBe(200);
    // The inspector may claim once the project's rule countdown has run since they opened the rules.
    const inspected = await eventually(
      () => call<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: inspector, body: { count: 10 } }),
      (answer) => answer.status === 200,
    );
    expect(inspected.body.data.items).toContain(itemId);
    const groups = await call<{ id: string }[]>(platform, 'GET', '/manage/error-groups', { token: admin });
    const marks = [{ errorGroupId: groups.body.data[0].id, value: 'loose box', comment: 'too wide' }];
    const rejected = await call(platform, 'POST', `/manage/items/${itemId}/reject`, { token: inspector, body: { marks } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    // No reload: the events stream brings the new count.
    await tagger.page.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
    expect(await badge.getAttribute('aria-label')).toBe('1 unread message');

    await badge.click();
    await tagger.page.waitForURL('**/tag/message');
    const message = tagger.page.getByTestId('message').first();
    await message.getByText(/was rejected back to you/).waitFor();
    expect(await message.getAttribute('data-unread')).toBe('true');
    await message.getByRole('link', { name: 'Open' }).waitFor();
    expect(await message.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`/tag/item/${itemId}`);

    // Marking them read lowers the badge and the rows at once, without waiting for the events stream.
    await tagger.page.getByRole('button', { name: 'Mark all read' }).click();
    await tagger.page.getByTestId('unread-count').waitFor({ state: 'detached', timeout: 3_000 });
    await expect.poll(() => message.getAttribute('data-unread'), { timeout: 3_000 }).toBeNull();
    expect(await badge.getAttribute('aria-label')).toBe('No unread messages');
    expect(tagger.errors).toEqual([]);
  });

  it('tells a PM reading in Chinese that their export is ready, and clears their badge at once when all is read', async () => {
    const { platform, projectId } = demo;
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');
    const token = await consoleToken(pm.page);
    await call(platform, 'POST', '/manage/messages/read-all', { token });
    await inChinese(pm.page, '/home/message');
    const badge = pm.page.getByTestId('unread-badge');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 10_000 }).toBe('没有未读消息');

    // The PM's own export: its success is news to the PM, counted on the badge without a reload.
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token, body: { format: 'coco' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await pm.page.getByTestId('unread-count').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    expect(await badge.getAttribute('aria-label')).toBe('1 条未读消息');
    const message = pm.page.getByTestId('message').first();
    await expect.poll(() => message.getAttribute('data-unread')).toBe('true');

    await pm.page.getByRole('button', { name: '全部标为已读' }).click();
    await pm.page.getByTestId('unread-count').waitFor({ state: 'detached', timeout: 3_000 });
    await expect.poll(() => message.getAttribute('data-unread'), { timeout: 3_000 }).toBeNull();
    expect(await badge.getAttribute('aria-label')).toBe('没有未读消息');
    expect(pm.errors).toEqual([]);
  });
});
