// The work loop in the console: a tagger claims and submits, an inspector claims it for inspection, the item is
// rejected with a mark by the inspector, and the PM sees it as rework with its history and recycles another item; a
// project left without error groups tells the inspector that no mark can be added and who chooses the groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { consoleToken, inChinese, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { boxResult, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { signIn, signInAdmin } from '../support/sign-in';
import { call, type Platform } from '../support/platform';

interface ListedItem {
  id: string;
  fileName: string;
  status: string;
  linkId: string;
  rework: boolean;
}

describe('the work loop in the console', () => {
  let platform: Platform;
  let browser: Browser;
  let projectId: string;
  let links: { id: string; type: string; name: string }[];
  let toolId: string;
  /** The one error group the project marks with. */
  let groupId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    let admin: string;
    ({ platform, admin, projectId, links, toolId } = await startDemo());
    // Nobody inspects what they annotated: the demo tagger annotates, this test's own inspector checks.
    const inspectorId = await createPerson(platform, admin, { role: '40', name: 'Console Inspector', account: 'console-inspector@example.com', password: 'Tagger@123' });
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[1].id}/members`, { token: admin, body: { teamIds: [], taggerIds: [inspectorId] } });
    const group = await call(platform, 'POST', '/manage/error-groups', {
      token: admin,
      body: { name: 'Box fit', description: '', values: [{ name: 'Loose box', color: '#ff0000', type: 'geometry', description: '' }] },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    groupId = group.body.data.id;
    // The project marks with its own group only; the demo's groups stay in the catalog.
    const rules = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data.rules;
    const chosen = { annotationRule: rules.annotationRule, countdownSeconds: rules.countdownSeconds, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: [groupId] };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: chosen })).status).toBe(200);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('runs claim, submit, inspection and rejection through the console, and the PM reads the rework and recycles', async () => {
    // The tagger opens its ongoing project and claims three items (the demo data may have left some in its hands).
    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const taggerToken = await consoleToken(tagger.page);
    const inHand = async (): Promise<ListedItem[]> =>
      (await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed&limit=100`, { token: taggerToken })).body.data.items;
    const before = await inHand();
    await tagger.page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Ongoing projects' }).click();
    await tagger.page.getByRole('link', { name: demoProjectTitle }).click();
    await tagger.page.waitForURL(`**/tag/datamanage/${projectId}`);
    const annotation = tagger.page.getByLabel(links[0].name, { exact: true });
    await annotation.getByLabel('Items to claim').fill('3');
    await annotation.getByRole('button', { name: 'Claim', exact: true }).click();
    await annotation.getByText('Claimed 3 items').waitFor();
    await annotation.getByText(`In hand: ${before.length + 3} items`).waitFor();

    // Arrangement: the page has no editor yet, so a valid result is saved through the API as the tagger.
    const claimed = (await inHand()).filter((item) => !before.some((b) => b.id === item.id));
    expect(claimed).toHaveLength(3);
    const [submitted, recycled] = claimed.filter((item) => !item.rework);
    const saved = await call(platform, 'PUT', `/manage/items/${submitted.id}/result`, { token: taggerToken, body: { result: boxResult(toolId) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await annotation.getByRole('row', { name: new RegExp(submitted.fileName) }).getByRole('link', { name: 'Open' }).click();
    await tagger.page.waitForURL(`**/tag/item/${submitted.id}`);
    await tagger.page.getByRole('heading', { name: submitted.fileName }).waitFor();
    await tagger.page.getByRole('img', { name: submitted.fileName }).waitFor();
    await tagger.page.getByRole('cell', { name: 'Category: car' }).waitFor();
    const actions = tagger.page.getByRole('group', { name: 'Actions' });
    expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Submit', 'Mark invalid', 'Release']);
    await actions.getByRole('button', { name: 'Submit' }).click();
    await tagger.page.waitForURL(`**/tag/datamanage/${projectId}`);
    await annotation.getByText(`In hand: ${before.length + 2} items`).waitFor();
    expect(tagger.errors).toEqual([]);

    // The inspector claims it on the inspection link and opens it: it may pass, reject or release.
    const inspector = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(inspector.page, 'User', 'console-inspector@example.com', 'Tagger@123');
    await landOn(inspector.page, '/tag');
    await inspector.page.getByRole('link', { name: demoProjectTitle }).click();
    await inspector.page.getByRole('link', { name: 'Open inspection' }).click();
    await inspector.page.waitForURL(`**/tag/checkManage/${projectId}/${links[1].id}`);
    const inspection = inspector.page.getByLabel(links[1].name, { exact: true });
    // A newcomer reads the annotation rule for its countdown before the first claim.
    await inspection.getByRole('button', { name: 'Read the annotation rule' }).click();
    await inspection.getByText(/^Keep reading: you can claim data in /).waitFor();
    await inspection.getByRole('button', { name: 'Claim', exact: true }).waitFor({ timeout: 20_000 });
    await inspection.getByRole('button', { name: 'Claim', exact: true }).click();
    await inspection.getByText(/^Claimed \d+ items?$/).waitFor();
    // The card says what its states mean.
    await inspection.getByText('What the states mean').click();
    await inspection.getByText('Items you claimed to inspect: pass them, or mark what is wrong and reject them, before the time runs out.').waitFor();
    await inspection.getByRole('row', { name: new RegExp(submitted.fileName) }).getByRole('link', { name: 'Open' }).click();
    await inspector.page.waitForURL(`**/tag/item/${submitted.id}`);
    const inspectorActions = inspector.page.getByRole('group', { name: 'Actions' });
    await inspectorActions.getByRole('button', { name: 'Pass' }).waitFor();
    expect(await inspectorActions.getByRole('button').allInnerTexts()).toEqual(['Pass', 'Reject', 'Release']);
    // The inspector rejects it with a mark on its object, from the item page.
    await inspectorActions.getByRole('button', { name: 'Reject' }).click();
    const dialog = inspector.page.getByRole('dialog');
    expect(await dialog.getByLabel('Error property group').locator('option').allTextContents()).toEqual(['Choose…', 'Box fit']);
    await dialog.getByLabel('Error property group').selectOption({ label: 'Box fit' });
    await dialog.getByLabel('Error', { exact: true }).selectOption('Loose box');
    await dialog.getByLabel('Object (optional)').selectOption('car-1');
    await dialog.getByLabel('Comment').fill('too much road');
    await dialog.getByRole('button', { name: 'Add mark' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(inspector.errors).toEqual([]);

    // The PM opens the item.
    const pm = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(pm.page, platform);
    await pm.page.goto(`/project/item/${submitted.id}`);

    // The item is rework again, waiting for its annotator, with its marks and every step in its history.
    await pm.page.getByText('Rework ×1').waitFor();
    await pm.page.getByText('Marks of the last rejection').waitFor();
    const history = pm.page.getByRole('region', { name: 'History' });
    await history.getByRole('cell', { name: 'Rejected', exact: true }).waitFor();
    const steps = await history.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.children[2]?.textContent));
    expect(steps).toEqual(['Claimed', 'Result saved', 'Submitted', 'Claimed', 'Rejected']);
    expect(await history.getByText('Loose box').count()).toBe(1);
    expect(await history.getByText(/Demo Tagger/).count()).toBeGreaterThan(0);

    // The PM recycles another of the tagger's items within its link, clearing its result.
    await pm.page.goto(`/project/datamanage/${projectId}`);
    const items = pm.page.getByRole('region', { name: 'Items' });
    await items.getByLabel('Status').selectOption('claimed');
    await items.getByRole('checkbox', { name: `Select ${recycled.fileName}` }).check();
    await items.getByRole('button', { name: 'Recycle', exact: true }).click();
    const recycle = pm.page.getByRole('dialog');
    await recycle.getByLabel('Within the same link').check();
    await recycle.getByLabel('Clear the result').check();
    await recycle.getByRole('button', { name: 'Recycle' }).click();
    await items.getByText('1 item done').waitFor();
    const pmToken = await consoleToken(pm.page);
    const after = (await call(platform, 'GET', `/manage/items/${recycled.id}/history`, { token: pmToken })).body.data as { type: string; data: { target?: string; keepResult?: boolean } }[];
    expect(after.at(-1)).toMatchObject({ type: 'ItemRecycled', data: { target: 'same_link', keepResult: false } });
    const rework = (await call(platform, 'GET', `/manage/items/${submitted.id}`, { token: pmToken })).body.data;
    expect(rework).toMatchObject({ status: 'waiting', linkId: links[0].id, rework: true, reworkCount: 1 });
    expect(pm.errors).toEqual([]);

    // The tagger, reading in Chinese, finds the rework waiting for it, learns what that means and claims it from the list.
    await inChinese(tagger.page, `/tag/datamanage/${projectId}`);
    const returned = tagger.page.getByRole('region', { name: '被驳回的数据' });
    const entry = returned.getByRole('listitem', { name: submitted.fileName });
    await entry.getByText('待你领取').waitFor();
    await annotation.getByText('状态说明').click();
    await annotation.getByText('只为你保留在任务池中的返工数据：领取后继续修改。').waitFor();
    await returned.getByRole('button', { name: /^领取 \d+ 条被驳回的数据$/ }).click();
    await entry.getByText('已领取').waitFor();
    expect((await call(platform, 'GET', `/manage/items/${submitted.id}`, { token: taggerToken })).body.data).toMatchObject({ status: 'claimed', rework: true });
    expect(tagger.errors).toEqual([]);
  });

  it('tells the inspector, in English and Chinese, that a project left without error groups takes no mark and who chooses them', async () => {
    // Arrangement: the demo tagger submits one more item, and the project's only group leaves the catalogue.
    const taggerToken = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const [itemId] = (await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: taggerToken, body: { count: 1 } })).body.data.items as string[];
    expect((await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: taggerToken, body: { result: boxResult(toolId) } })).status).toBe(200);
    expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: taggerToken })).status).toBe(200);
    // The PM's sign-in through the console ended the admin's first session.
    const admin = await signInAdmin(platform);
    expect((await call(platform, 'POST', `/manage/error-groups/${groupId}/delete`, { token: admin })).status).toBe(200);

    const inspector = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(inspector.page, 'User', 'console-inspector@example.com', 'Tagger@123');
    await landOn(inspector.page, '/tag');
    const token = await consoleToken(inspector.page);
    expect((await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token, body: { count: 100 } })).body.data.items).toContain(itemId);
    const rejectIn = async (verb: string, says: string) => {
      await inspector.page.getByRole('group', { name: verb === 'Reject' ? 'Actions' : '操作' }).getByRole('button', { name: verb }).click();
      const dialog = inspector.page.getByRole('dialog');
      await dialog.getByRole('status').getByText(says).waitFor();
      expect(await dialog.getByLabel(verb === 'Reject' ? 'Error property group' : '错误属性组').count()).toBe(0);
    };
    await inspector.page.goto(`/tag/item/${itemId}`);
    await rejectIn('Reject', "This project has no error property groups to mark with, so no mark can be added. Its PM chooses them in the project's rules.");
    await inChinese(inspector.page, `/tag/item/${itemId}`);
    await rejectIn('驳回', '该项目没有可用于标记的错误属性组，无法添加标记。请项目经理在项目规则中选择。');
    expect(inspector.errors).toEqual([]);
  });
});
