// The quality gates in the console: the demo PM samples the finished Demo batch 3, the demo inspector fails an item
// with a mark in round one, the item is reworked, round two passes; the PM makes an acceptance batch of it for the
// demo client, who claims it (in Chinese), rejects an item with a mark and submits, and the PM passes the batch.
// The log then replays to the same projections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoBatch3, demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { consoleToken, imageToScreen, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { boxResult, startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { forgetResendLimit, latestCode, signIn } from '../support/sign-in';

const password = 'Demo@2026';

describe('the quality gates in the console', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  let links: { id: string; type: string }[];
  let toolId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, admin, projectId, links, toolId } = await startDemo());
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  const api = async <T = any>(method: string, path: string, token = admin, body?: unknown): Promise<T> => {
    const answer = await call(platform, method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data as T;
  };

  /** In the editor's mark mode, a click on the item's box pins a mark of the demo error group to it. */
  async function markTheBox(page: Page, itemId: string, comment: string): Promise<void> {
    await page.locator('[data-editor-ready="true"]').waitFor();
    const item = await api('GET', `/manage/items/${itemId}`);
    const box = item.result.result.objects[0].keyframes[0].shape as { x: number; y: number; width: number; height: number };
    const at = await imageToScreen(page, { width: item.width, height: item.height });
    await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Mark errors' }).click();
    const spot = at(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(spot.x, spot.y);
    const dialog = page.getByRole('dialog', { name: 'Add an error mark' });
    await dialog.getByText('On 1. Demo vehicle box').waitFor();
    await dialog.getByLabel('Error property group').selectOption({ label: 'Demo box errors' });
    await dialog.getByRole('radio', { name: 'loose box' }).click();
    await dialog.getByLabel('Comment').fill(comment);
    await dialog.getByRole('button', { name: 'Add mark' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Error marks' }).getByText(comment).waitFor();
  }

  /**
   * The item the editor opened after `previous` (the one just judged), once it shows the gate's caption: the page's data
   * has caught up with the last verdict.
   */
  async function judgingItem(page: Page, caption: string, previous: string | null = null): Promise<string> {
    if (previous) await page.waitForURL((url) => url.pathname.includes('/edit/') && !url.pathname.endsWith(previous));
    await page.getByText(caption, { exact: true }).waitFor();
    await page.locator('[data-editor-ready="true"]').waitFor();
    return new URL(page.url()).pathname.split('/').at(-1)!;
  }

  it('samples a finished batch over two rounds, then the client accepts it with a rejected item and the PM passes it', async () => {
    // 1. The demo PM opens the project's sampling inspection and samples two items of Demo batch 3.
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', password, () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');
    await pm.page.goto(`/project/datamanage/${projectId}`);
    await pm.page.getByRole('heading', { name: demoProjectTitle }).waitFor();
    await pm.page.getByRole('link', { name: 'Sampling inspection' }).click();
    await pm.page.waitForURL(`**/project/checkmanage/${projectId}`);
    const create = pm.page.getByRole('form', { name: 'New sampling task' });
    await create.getByLabel('Data batch', { exact: true }).selectOption({ label: demoBatch3.name });
    await create.getByRole('radio', { name: 'Count', exact: true }).check();
    await create.getByLabel('Sample count', { exact: true }).fill('2');
    const preview = create.getByRole('status', { name: 'Preview' });
    await preview.getByText(`Screening count: ${demoBatch3.frames} items`).waitFor();
    await preview.getByText('This rule samples 2').waitFor();
    await create.getByRole('button', { name: 'Create sampling task' }).click();
    await pm.page.waitForURL(`**/project/checkmanage/${projectId}/task/*`);
    const taskId = new URL(pm.page.url()).pathname.split('/').at(-1)!;
    const task = (await api('GET', `/manage/quality/sampling/${taskId}`)).task as { sequence: number };
    const taskName = `Sampling task ${task.sequence}`;
    await pm.page.getByRole('link', { name: 'Back to the sampling tasks' }).click();
    const listed = pm.page.getByRole('row', { name: new RegExp(`^${taskName} `) });
    for (const cell of [`Batch ${demoBatch3.name}`, '2 items', 'Inspecting', '1 of 4', '0 / 2']) await listed.getByRole('cell', { name: cell, exact: true }).waitFor();

    // 2. The demo inspector inspects the sample from the tag area: fails the first item with a mark, passes the second.
    const inspector = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(inspector.page, 'User', 'inspector@example.com', password);
    await landOn(inspector.page, '/tag');
    const inbox = inspector.page.getByLabel('Sampling inspection', { exact: true });
    await inbox.getByRole('button', { name: `Inspect sample of ${demoProjectTitle}` }).click();
    await inspector.page.waitForURL(`**/tag/edit/*?sampling=${taskId}`);
    const failed = await judgingItem(inspector.page, `${taskName} · round 1 · 0 of 2 judged`);
    await markTheBox(inspector.page, failed, 'The box leaves the bumper out');
    const actions = inspector.page.getByRole('banner');
    await actions.getByRole('button', { name: 'Fail', exact: true }).click();
    await judgingItem(inspector.page, `${taskName} · round 1 · 1 of 2 judged`, failed);
    await actions.getByRole('button', { name: 'Pass', exact: true }).click();
    await inspector.page.waitForURL('**/tag/index');
    await inspector.page.getByText('No sample item is left for you to judge').waitFor();

    // The round closed at 50%, below the threshold: the task is back for rework, and the PM reads it so.
    await pm.page.reload();
    await listed.getByRole('cell', { name: 'Returned for rework', exact: true }).waitFor();
    await listed.getByRole('link', { name: taskName }).click();
    const rounds = pm.page.getByRole('row', { name: /^Round 1 / });
    await rounds.getByRole('cell', { name: /^50% \(/ }).waitFor();
    await rounds.getByRole('cell', { name: 'Below the threshold', exact: true }).waitFor();
    const taskHeading = pm.page.getByRole('heading', { name: taskName }).locator('..');
    await taskHeading.getByText('Returned for rework', { exact: true }).waitFor();
    const failedRow = pm.page.getByRole('row').filter({ hasText: 'The box leaves the bumper out' });
    await failedRow.getByRole('cell', { name: 'Fail', exact: true }).waitFor();
    await failedRow.getByText('Demo box errors / loose box').waitFor();

    // 3. The rework is the work loop's (tested on its own): the demo tagger reworks the item, the inspector passes it.
    const taggerToken = await signIn(platform, 'tagger@example.com', password, 1);
    const inspectorToken = await consoleToken(inspector.page);
    expect(await api('GET', `/manage/items/${failed}`)).toMatchObject({ status: 'waiting', linkId: links[0].id, rework: true });
    await eventually(
      async () => (await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: taggerToken, body: { count: 10 } }), api('GET', `/manage/items/${failed}`)),
      (item) => item.status === 'claimed',
    );
    await api('PUT', `/manage/items/${failed}/result`, taggerToken, { result: boxResult(toolId, { x: 24, y: 58, width: 88, height: 52 }) });
    await api('POST', `/manage/items/${failed}/submit`, taggerToken);
    await eventually(
      async () => (await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: inspectorToken, body: { count: 100 } }), api('GET', `/manage/items/${failed}`)),
      (item) => item.status === 'claimed',
    );
    await api('POST', `/manage/items/${failed}/pass`, inspectorToken);
    expect(await api('GET', `/manage/items/${failed}`)).toMatchObject({ status: 'finished' });

    // 4. The PM starts round two; the inspector passes both sample items; the task has passed in two rounds.
    await pm.page.reload();
    await pm.page.getByRole('button', { name: 'Start round 2' }).click();
    await pm.page.getByRole('alertdialog').getByRole('button', { name: 'Start round 2' }).click();
    await pm.page.getByText('Round 2 started').waitFor();
    await inspector.page.reload();
    await inbox.getByRole('button', { name: `Inspect sample of ${demoProjectTitle}` }).click();
    const first = await judgingItem(inspector.page, `${taskName} · round 2 · 0 of 2 judged`);
    await actions.getByRole('button', { name: 'Pass', exact: true }).click();
    await judgingItem(inspector.page, `${taskName} · round 2 · 1 of 2 judged`, first);
    await actions.getByRole('button', { name: 'Pass', exact: true }).click();
    await inspector.page.waitForURL('**/tag/index');
    expect(inspector.errors).toEqual([]);

    await pm.page.reload();
    await pm.page.getByRole('row', { name: /^Round 2 / }).getByRole('cell', { name: /^100% \(/ }).waitFor();
    expect(await pm.page.getByRole('row', { name: /^Round \d / }).count()).toBe(2);
    await taskHeading.getByText('Passed', { exact: true }).waitFor();
    await pm.page.getByRole('link', { name: 'Back to the sampling tasks' }).click();
    for (const cell of ['Passed', '2 of 4']) await listed.getByRole('cell', { name: cell, exact: true }).waitFor();

    // 5. The PM makes one acceptance batch of Demo batch 3 alone for the demo acceptor: it waits, pending.
    const before = (await api<{ items: { sequence: number }[] }>('GET', `/manage/quality/projects/${projectId}/acceptance`)).items;
    const batchName = `Acceptance batch ${Math.max(0, ...before.map((b) => b.sequence)) + 1}`;
    await pm.page.getByRole('link', { name: 'Acceptance', exact: true }).click();
    await pm.page.waitForURL(`**/project/acceptmanage/${projectId}`);
    const acceptance = pm.page.getByRole('form', { name: 'New acceptance batches' });
    await acceptance.getByRole('checkbox', { name: `${demoBatch3.name} (${demoBatch3.frames})` }).check();
    await acceptance.getByRole('radio', { name: 'By number of batches' }).check();
    await acceptance.getByLabel('Number of batches', { exact: true }).fill('1');
    await acceptance.getByRole('checkbox', { name: 'Demo Acceptor' }).check();
    await acceptance.getByText(`Makes 1 batch of the ${demoBatch3.frames} selected items`).waitFor();
    await acceptance.getByRole('button', { name: 'Create acceptance batches' }).click();
    await pm.page.getByText(`Made 1 acceptance batch of ${demoBatch3.frames} items; 0 left out`).waitFor();
    const pmRow = pm.page.getByRole('row', { name: new RegExp(`^${batchName} `) });
    for (const cell of ['Pending', String(demoBatch3.frames), 'Demo Acceptor']) await pmRow.getByRole('cell', { name: cell, exact: true }).waitFor();
    const batchId: string = (await api<{ items: { batchId: string; sequence: number }[] }>('GET', `/manage/quality/projects/${projectId}/acceptance`)).items.find(
      (b) => `Acceptance batch ${b.sequence}` === batchName,
    )!.batchId;

    // 6. The demo client finds the project, claims the batch (read in Chinese), judges every item and submits to the PM.
    const client = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(client.page, 'Client', 'client@example.com', password);
    await landOn(client.page, '/checkout');
    await client.page.goto('/checkout/index');
    await client.page.getByRole('heading', { name: 'Acceptance projects' }).waitFor();
    await client.page.getByRole('link', { name: `Batches of ${demoProjectTitle}` }).click();
    await client.page.waitForURL(`**/checkout/category/${projectId}`);
    await client.page.getByRole('button', { name: 'Switch language' }).click();
    await client.page.getByRole('menuitem', { name: '简体中文' }).click();
    const zhName = batchName.replace('Acceptance batch', '验收批次');
    const waiting = client.page.getByLabel('待验收', { exact: true });
    await waiting.getByRole('heading', { name: /^待验收（\d+）$/ }).waitFor();
    await waiting.getByRole('button', { name: `领取${zhName}` }).click();
    await client.page.waitForURL(`**/checkout/category/dataManage/${batchId}`);
    await client.page.getByRole('heading', { name: zhName }).waitFor();
    await client.page.getByText('验收中', { exact: true }).waitFor();
    await client.page.getByText(`还有 ${demoBatch3.frames} 条未判定`).waitFor();
    await client.page.getByRole('button', { name: '切换语言' }).click();
    await client.page.getByRole('menuitem', { name: 'English' }).click();
    await client.page.getByRole('heading', { name: batchName }).waitFor();
    await client.page.getByText('Accepting', { exact: true }).waitFor();

    const items = client.page.getByRole('region', { name: 'Data of the batch' });
    await items.getByRole('link', { name: /^Judge / }).first().click();
    const rejected = await judgingItem(client.page, `${batchName} · 0 of ${demoBatch3.frames} judged`);
    await markTheBox(client.page, rejected, 'Fit the box to the car before delivery');
    const verdicts = client.page.getByRole('banner');
    await verdicts.getByRole('button', { name: 'Reject', exact: true }).click();
    for (let judged = 1, previous = rejected; judged < demoBatch3.frames; judged++) {
      previous = await judgingItem(client.page, `${batchName} · ${judged} of ${demoBatch3.frames} judged`, previous);
      await verdicts.getByRole('button', { name: 'Pass', exact: true }).click();
    }
    await client.page.waitForURL(`**/checkout/category/dataManage/${batchId}`);
    await client.page.getByText('Every item of the batch is judged').waitFor();
    await items.getByRole('row').filter({ hasText: 'Fit the box to the car before delivery' }).getByText('Reject', { exact: true }).waitFor();
    await client.page.getByRole('button', { name: 'Submit to PM' }).click();
    await client.page.getByText('Submitted to PM', { exact: true }).waitFor();
    expect(client.errors).toEqual([]);

    // 7. The PM passes the batch: it reads passed, the rejected item stays rejected (no repair after acceptance), the rest pass.
    await pm.page.reload();
    await pmRow.getByRole('cell', { name: 'Submitted to PM', exact: true }).waitFor();
    await pmRow.getByRole('link', { name: batchName }).click();
    await pm.page.waitForURL(`**/project/acceptmanage/${projectId}/batch/${batchId}`);
    await pm.page.getByRole('button', { name: 'Pass', exact: true }).click();
    await pm.page.getByRole('alertdialog', { name: `Pass ${batchName}?` }).getByRole('button', { name: 'Pass' }).click();
    await pm.page.getByText(`${batchName} passed`).waitFor();
    await pm.page.getByRole('row').filter({ hasText: 'Fit the box to the car before delivery' }).getByRole('cell', { name: 'Rejected', exact: true }).waitFor();
    await pm.page.getByRole('link', { name: 'Back to acceptance management' }).click();
    await pmRow.getByRole('cell', { name: 'Passed', exact: true }).waitFor();
    const accepted = await api<{ batch: { status: string }; items: { itemId: string; outcome: string }[] }>('GET', `/manage/quality/acceptance/${batchId}`);
    expect(accepted.batch.status).toBe('passed');
    expect(accepted.items).toHaveLength(demoBatch3.frames);
    expect(accepted.items.filter((i) => i.outcome !== 'passed')).toEqual([expect.objectContaining({ itemId: rejected, outcome: 'rejected' })]);
    expect(pm.errors).toEqual([]);

    // 8. The log replays to the projections the platform serves.
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
    // Four people in turn through eight screens and a replay: about a minute on two cores, so twice that to fail.
  }, 120_000);
});
