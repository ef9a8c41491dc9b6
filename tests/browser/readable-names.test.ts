// People read names on the demo project, in English and in Chinese: a refused submit names the object and the
// attribute's display name, the item page's result, marks, preview and links read as people say them, the PM reads
// who worked where an inspector reads only itself, and a link's finished count is what left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { consoleToken, inChinese, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { boxResult, type Demo, startDemo } from '../support/demo';
import { call } from '../support/platform';

const uuidShape = /[0-9a-f]{8}-[0-9a-f]{4}/i;

describe('readable names in the console', () => {
  let demo: Demo;
  let browser: Browser;
  /** The admin's session: the API's until the admin signs in to the console, which ends that one. */
  let staff: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    demo = await startDemo();
    staff = demo.admin;
  }, 360_000);
  afterAll(async () => {
    await closeContexts(browser);
    await demo?.platform.stop();
  });

  const items = async (query: string) =>
    (await call<{ items: { id: string; fileName: string; rework: boolean }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?${query}&limit=100`, { token: staff })).body.data.items;

  it('names the object and the attribute of a refused submit, in English and in Chinese', async () => {
    const tagger = await openPage(browser, demo.platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const token = await consoleToken(tagger.page);
    const inHand = (await call<{ items: { id: string; fileName: string; rework: boolean }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?mine=true&status=claimed&limit=100`, { token })).body.data.items;
    const item = inHand.find((i) => !i.rework)!;
    const saved = await call(demo.platform, 'PUT', `/manage/items/${item.id}/result`, { token, body: { result: boxResult(demo.toolId, { category: null }) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await tagger.page.goto(`/tag/item/${item.id}`);
    await tagger.page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Submit' }).click();
    const refusal = tagger.page.getByRole('alert').filter({ hasText: 'cannot be submitted' });
    await refusal.getByText('The result cannot be submitted: 1 problem', { exact: true }).waitFor();
    await refusal.getByText('1. Demo vehicle box: Category cannot be empty', { exact: true }).waitFor();
    expect(await refusal.textContent()).not.toMatch(/category:|problem\(s\)/);

    await inChinese(tagger.page, `/tag/item/${item.id}`);
    await tagger.page.getByRole('group', { name: '操作' }).getByRole('button', { name: '提交' }).click();
    const zhRefusal = tagger.page.getByRole('alert').filter({ hasText: '结果无法提交' });
    await zhRefusal.getByText('结果无法提交：1 个问题', { exact: true }).waitFor();
    await zhRefusal.getByText('1. Demo vehicle box：Category不能为空', { exact: true }).waitFor();
    expect(tagger.errors).toEqual([]);
  });

  it('shows the PM an item\'s result, marks, preview and people by name, and the rework in one word', async () => {
    const [rejected] = await items('rework=true');
    const pm = await openPage(browser, demo.platform.baseUrl);
    await signInAdminThroughConsole(pm.page, demo.platform);
    staff = await consoleToken(pm.page);
    await pm.page.goto(`/project/item/${rejected.id}`);
    await pm.page.getByRole('heading', { name: rejected.fileName }).waitFor();

    // The result: the object as the editor numbers it, the attribute by its display name.
    const result = pm.page.getByRole('region', { name: 'Result' });
    await result.getByRole('cell', { name: '1. Demo vehicle box' }).waitFor();
    await result.getByRole('cell', { name: /^Category: (car|pedestrian|cyclist)$/ }).waitFor();
    // The marks: the group and its value, never an id; a picture has no frames to name.
    const marks = pm.page.getByRole('list', { name: 'Error marks' }).first();
    await marks.getByText('Demo box errors · loose box').waitFor();
    expect(await marks.textContent()).not.toMatch(uuidShape);
    expect(await marks.textContent()).not.toMatch(/frame/i);
    // The preview draws the result's object over the image.
    await pm.page.getByRole('figure', { name: 'Preview' }).getByRole('img', { name: rejected.fileName }).waitFor();
    // The result reads from the top beside the taller preview: its version line right under its heading.
    const [heading, version] = await Promise.all([result.getByRole('heading', { name: 'Result' }).boundingBox(), result.getByText(/^Version \d+, \d+ objects?$/).boundingBox()]);
    expect(version!.y - heading!.y).toBeLessThan(48);
    expect(await pm.page.getByRole('list', { name: 'Objects drawn' }).getByRole('listitem').count()).toBe(1);
    // The link the item waits in, with its type beside its name; the people who worked on it by name.
    await pm.page.getByText('Annotation (Annotation)', { exact: true }).first().waitFor();
    const history = pm.page.getByRole('region', { name: 'History' });
    await history.getByRole('cell', { name: 'Demo Tagger' }).first().waitFor();
    await history.getByRole('cell', { name: 'Demo Inspector' }).first().waitFor();
    expect(await pm.page.locator('main').textContent()).not.toMatch(/Person [0-9a-f]{8}/);

    await inChinese(pm.page, `/project/item/${rejected.id}`);
    await pm.page.getByText('返工 ×1').waitFor();
    await pm.page.getByText('Annotation (标注)', { exact: true }).first().waitFor();
    await pm.page.getByRole('region', { name: '标注结果' }).getByRole('cell', { name: /^Category: / }).waitFor();
    expect(await pm.page.locator('main').textContent()).not.toMatch(/返修|人员 [0-9a-f]{8}/);

    // The annotation link's finished count is what left it: the items its tagger submitted that went on.
    await pm.page.goto(`/project/datamanage/${demo.projectId}`);
    const row = pm.page.getByRole('region', { name: '数据' }).getByRole('row', { name: /^Annotation/ });
    // Columns: the link, then waiting, claimed, held, finished and deleted; the counts arrive after the row.
    const finishedCell = async () => Number((await row.getByRole('cell').allTextContents())[4]);
    await expect.poll(finishedCell).toBeGreaterThan(0);
    // What left the annotation link is in the inspection link now, waiting, in hand or finished there.
    const left = (await items(`linkId=${demo.links[1].id}`)).length;
    expect(await finishedCell()).toBe(left);
    expect(pm.errors).toEqual([]);
  });

  it('shows an inspector only itself among the people of an item, never an id, in English and in Chinese', async () => {
    const [passed] = await items('status=finished');
    const inspector = await openPage(browser, demo.platform.baseUrl);
    await signInThroughConsole(inspector.page, 'User', 'inspector@example.com', 'Demo@2026');
    await landOn(inspector.page, '/tag');
    await inspector.page.goto(`/tag/item/${passed.id}`);
    const history = inspector.page.getByRole('region', { name: 'History' });
    await history.getByRole('cell', { name: 'Demo Inspector (you)' }).first().waitFor();
    const text = await history.textContent();
    expect(text).not.toContain('Demo Tagger');
    expect(text).not.toMatch(/Person [0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}/);

    await inChinese(inspector.page, `/tag/item/${passed.id}`);
    const zhHistory = inspector.page.getByRole('region', { name: '操作记录' });
    await zhHistory.getByRole('cell', { name: 'Demo Inspector（我）' }).first().waitFor();
    expect(await zhHistory.textContent()).not.toMatch(/人员 [0-9a-f]{8}|Demo Tagger/);
    expect(inspector.errors).toEqual([]);
  });
});
