// A 3D item through the quality gates in Chromium (software WebGL): a street of three LiDAR frames with two cameras,
// imported into a fusion project as one item, tracked with a cuboid by the tagger and passed by the inspector. The
// sampling inspector, reading the console in Chinese, opens the item from the sampling inbox in the point-cloud editor,
// sees the cuboid in the cloud and projected in the front camera, and fails the sample with a mark pinned to the
// cuboid at the last frame; the round returns the item to the tagger with that mark, who reworks it, and the next
// round passes it. The client acceptor claims the acceptance batch, opens the item read-only, passes it and submits
// the batch; the PM reads it submitted and passes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { streetObjects } from '../../scripts/src/sample-point-clouds';
import { consoleToken, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { streetProject } from '../support/street-project';
import { ok, person, type Person } from '../support/worked-project';

const frames = 3;
const title = 'Street acceptance';

describe('a 3D item through sampling and client acceptance', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let inspector: Person;
  let acceptor: Person;
  let projectId: string;
  let itemId: string;
  let street: Awaited<ReturnType<typeof streetProject>>;

  beforeAll(async () => {
    browser = await sharedBrowser();
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    street = await streetProject(platform, admin, { title, frames, pointsPerFrame: 20_000, tool: { autoTrackFrames: 10 } });
    const { tagger, toolId } = street;
    ({ inspector, projectId } = street);
    acceptor = await person(platform, admin, '50', 'Cloud Client');

    // The tagger's drawing is the point-cloud editor's own test; here the car ahead is tracked with a keyframe at each end.
    [itemId] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${street.links.annotation}/claims`, tagger.token, { count: 1 })).items;
    const keyframe = (frame: number) => ({ frame, shape: streetObjects(frame / 10).ahead.box, attributes: {} });
    const result = { frameCount: frames, objects: [{ id: 'car-ahead', toolId, toolVersion: 1, templateType: 'cuboid', attributes: {}, keyframes: [keyframe(0), keyframe(frames - 1)] }], attributes: {} };
    await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result });
    await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
    await ok(platform, 'POST', `/manage/items/links/${street.links.inspection}/claims`, inspector.token, { count: 1 });
    expect((await ok<{ status: string }>(platform, 'POST', `/manage/items/${itemId}/pass`, inspector.token)).status).toBe('finished');
    await ok(platform, 'POST', `/manage/quality/projects/${projectId}/sampling`, admin, { scope: { kind: 'batch', batchId: street.batchId }, rule: { by: 'ratio', ratio: 100 } });
  }, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  /** The editor shows the item's one cuboid: a row of the timeline, and a box projected into the front camera's image. */
  async function seesTheCuboid(page: Page, timeline: string): Promise<void> {
    await page.locator('[data-editor-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('region', { name: timeline }).getByRole('row').count()).toBe(1);
    await page.locator('[data-camera="front"]').first().locator('[data-object][data-projected-box]').first().waitFor();
  }

  /**
   * Words in Latin letters the page shows or names its controls with, besides the names people gave (the project, the
   * tool, the item's folder, the cameras, the people and their accounts), units, and keys as their keycaps read.
   */
  async function untranslated(page: Page): Promise<string[]> {
    const text = await page.evaluate(() =>
      [document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]')).flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''))].join(' '),
    );
    const names = [...title.split(' '), 'Car', 'street', 'front', 'front_left', 'Admin', 'Cloud', 'Inspector', 'cloud', 'inspector', 'example', 'com'];
    const given = new Set([...names, 'm', 'Alt', 'alt', 'Ctrl', 'Shift', 'Delete', 'PageUp', 'PageDown']);
    return [...new Set(text.match(/[A-Za-z][A-Za-z_]+/g) ?? [])].filter((word) => !given.has(word));
  }

  /** Where a point of the ground shows in the top view as it first opens: the right column's upper half, 50 m tall around (10, 0). */
  async function topView(page: Page) {
    const box = (await page.getByLabel('点云视图').boundingBox())!;
    const main = Math.round(box.width * 0.64);
    const rect = { x: box.x + main, y: box.y, width: box.width - main, height: Math.round(box.height / 2) };
    const metres = 50 / rect.height;
    return (x: number, y: number) => ({ x: rect.x + rect.width / 2 - y / metres, y: rect.y + rect.height / 2 - (x - 10) / metres });
  }

  it('lets the sampling inspector, in Chinese, open the 3D sample from the sampling inbox, see its cuboid and fail it with a mark pinned to the cuboid at a frame', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'cloud-inspector@example.com', 'Person@123');
    await landOn(page, '/tag');
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    const inbox = page.getByLabel('抽检任务', { exact: true });
    await inbox.getByRole('button', { name: `抽检${title}` }).waitFor();
    expect(await untranslated(page)).toEqual([]);
    await inbox.getByRole('button', { name: `抽检${title}` }).click();
    await page.waitForURL(`**/tag/edit/${itemId}?sampling=*`);
    await page.getByText('抽检任务 1 · 第 1 轮 · 已判定 0/1', { exact: true }).waitFor();
    await seesTheCuboid(page, '时间轴');
    await page.getByLabel('点云视图').waitFor();
    expect(await untranslated(page)).toEqual([]);
    const top = await topView(page);
    // Picked on the timeline, the cuboid's own panel (its points, size and heading) reads in Chinese too.
    await page.getByRole('region', { name: '时间轴' }).getByRole('row').first().click();
    const picked = page.getByLabel('所选立体框');
    await picked.getByText('框内点数').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('points-in-box').innerText())).toBeGreaterThan(20);
    expect(await untranslated(page)).toEqual([]);

    // At the last frame, in mark mode, a click on the cuboid in the top view pins the mark to it there.
    await page.keyboard.press('Escape');
    for (let frame = 0; frame < frames - 1; frame++) await page.keyboard.press('.');
    await page.getByTestId('frame-position').filter({ hasText: `${frames - 1} / ${frames - 1}` }).waitFor();
    const car = streetObjects((frames - 1) / 10).ahead.box;
    await page.keyboard.press('m');
    const spot = top(car.x, car.y);
    await page.mouse.click(spot.x, spot.y);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('错误属性组').selectOption({ label: 'Demo box errors' });
    await dialog.getByRole('radio', { name: 'loose box' }).click();
    await dialog.getByRole('button', { name: '添加错误标记' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('button', { name: '不合格', exact: true }).click();
    await page.waitForURL('**/tag/index');

    // The round fell below the threshold: the item went back to the tagger with the mark on the cuboid at that frame.
    const [task] = (await ok<{ items: { taskId: string; status: string }[] }>(platform, 'GET', `/manage/quality/projects/${projectId}/sampling`, admin)).items;
    expect(task.status).toBe('returned_for_rework');
    const history = await ok<{ type: string; data: { gate?: string; marks?: { objectId: string | null; frame: number | null }[] } }[]>(platform, 'GET', `/manage/items/${itemId}/history`, admin);
    expect(history.at(-1)).toMatchObject({ type: 'ItemReturned', data: { gate: 'sampling', marks: [expect.objectContaining({ objectId: 'car-ahead', frame: frames - 1 })] } });
    expect(errors).toEqual([]);

    // The tagger reworks it and the inspection passes it again; the next round passes the sample. Signing in through
    // the console ended the inspector's earlier session, so the inspector goes on with the console's.
    const tagger = street.tagger.token;
    const judge = await consoleToken(page);
    expect((await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${street.links.annotation}/claims`, tagger, { count: 1 })).items).toEqual([itemId]);
    await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger);
    await ok(platform, 'POST', `/manage/items/links/${street.links.inspection}/claims`, judge, { count: 1 });
    await ok(platform, 'POST', `/manage/items/${itemId}/pass`, judge);
    expect((await ok<{ round: number }>(platform, 'POST', `/manage/quality/sampling/${task.taskId}/rounds`, admin)).round).toBe(2);
    await ok(platform, 'POST', `/manage/quality/sampling/${task.taskId}/claim`, judge);
    expect(await ok<{ status: string }>(platform, 'POST', `/manage/quality/sampling/${task.taskId}/items/${itemId}/judge`, judge, { verdict: 'pass', marks: [] })).toMatchObject({ status: 'passed' });
  }, 150_000);

  it('lets a client acceptor claim the batch, open the 3D item read-only, pass it and submit; the PM reads it submitted and passes it', async () => {
    const eligible = await ok<{ byBatch: { batchId: string }[] }>(platform, 'GET', `/manage/quality/projects/${projectId}/acceptance/eligible`, admin);
    await ok(platform, 'POST', `/manage/quality/projects/${projectId}/acceptance`, admin, {
      dataBatchIds: eligible.byBatch.map((b) => b.batchId),
      split: { by: 'number', batches: 1 },
      acceptorIds: [acceptor.id],
    });
    const batchName = 'Acceptance batch 1';

    const client = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(client.page, 'Client', 'cloud-client@example.com', 'Person@123');
    await landOn(client.page, '/checkout');
    await client.page.goto('/checkout/index');
    await client.page.getByRole('link', { name: `Batches of ${title}` }).click();
    await client.page.getByLabel('Pending', { exact: true }).getByRole('button', { name: `Claim ${batchName}` }).click();
    await client.page.waitForURL('**/checkout/category/dataManage/*');
    const batchId = new URL(client.page.url()).pathname.split('/').at(-1)!;
    await client.page.getByRole('region', { name: 'Data of the batch' }).getByRole('link', { name: /^Judge / }).first().click();
    await client.page.waitForURL(`**/checkout/edit/${itemId}?acceptance=${batchId}`);
    await client.page.getByText(`${batchName} · 0 of 1 judged`, { exact: true }).waitFor();
    await seesTheCuboid(client.page, 'Timeline');

    // Read-only: a footprint dragged in the top view draws nothing.
    const views = (await client.page.getByLabel('Point cloud views').boundingBox())!;
    const top = { x: views.x + views.width * 0.82, y: views.y + views.height / 4 };
    await client.page.keyboard.press('Shift+Digit1');
    await client.page.mouse.move(top.x - 30, top.y - 30);
    await client.page.mouse.down();
    await client.page.mouse.move(top.x + 30, top.y + 30);
    await client.page.mouse.up();
    expect(await client.page.getByRole('region', { name: 'Timeline' }).getByRole('row').count()).toBe(1);

    await client.page.getByRole('banner').getByRole('button', { name: 'Pass', exact: true }).click();
    await client.page.waitForURL(`**/checkout/category/dataManage/${batchId}`);
    await client.page.getByText('Every item of the batch is judged').waitFor();
    await client.page.getByRole('button', { name: 'Submit to PM' }).click();
    await client.page.getByText('Submitted to PM', { exact: true }).waitFor();
    expect(client.errors).toEqual([]);

    const pm = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(pm.page, platform);
    await pm.page.goto(`/project/acceptmanage/${projectId}`);
    const row = pm.page.getByRole('row', { name: new RegExp(`^${batchName} `) });
    await row.getByRole('cell', { name: 'Submitted to PM', exact: true }).waitFor();
    await row.getByRole('link', { name: batchName }).click();
    await pm.page.getByRole('button', { name: 'Pass', exact: true }).click();
    await pm.page.getByRole('alertdialog', { name: `Pass ${batchName}?` }).getByRole('button', { name: 'Pass' }).click();
    await pm.page.getByText(`${batchName} passed`).waitFor();
    await pm.page.getByRole('link', { name: 'Back to acceptance management' }).click();
    await row.getByRole('cell', { name: 'Passed', exact: true }).waitFor();
    // Signing in through the console ended the admin's earlier session.
    const accepted = await ok<{ batch: { status: string }; items: { itemId: string; outcome: string }[] }>(platform, 'GET', `/manage/quality/acceptance/${batchId}`, await consoleToken(pm.page));
    expect(accepted).toMatchObject({ batch: { status: 'passed' }, items: [{ itemId, outcome: 'passed' }] });
    expect(pm.errors).toEqual([]);
  }, 180_000);
});
