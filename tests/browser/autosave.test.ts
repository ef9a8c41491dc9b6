// The editor's autosave against the real API in Chromium: a drawn box reaches the server within seconds; with the
// network cut the work stays in the browser, survives a reload and is saved once the network is back; a save made
// elsewhere stops the autosave with an explanation instead of overwriting it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { boxResult, startDemo } from '../support/demo';
import { call, type Platform } from '../support/platform';

const resultRoute = '**/manage/items/*/result';

/** Drags a box of the first tool between two image pixels; the editor fits the image into its canvas at 98 percent. */
async function drawBox(page: Page, image: { width: number; height: number }, from: [number, number], to: [number, number]): Promise<void> {
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const scale = Math.min(box.width / image.width, box.height / image.height) * 0.98;
  const at = ([x, y]: [number, number]) => ({ x: box.x + (box.width - image.width * scale) / 2 + x * scale, y: box.y + (box.height - image.height * scale) / 2 + y * scale });
  await page.keyboard.press('Shift+Digit1');
  const [a, b] = [at(from), at(to)];
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
  await page.mouse.move(b.x, b.y);
  await page.mouse.up();
  await page.keyboard.press('Escape');
}

describe('editor autosave', () => {
  let platform: Platform;
  let browser: Browser;
  let projectId: string;
  let links: { id: string; type: string }[];
  let toolId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, projectId, links, toolId } = await startDemo());
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('saves each change, keeps it through a network cut and a reload, and stops on a save made elsewhere', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const annotation = links.find((l) => l.type === 'annotation')!;
    const claimed = await call(platform, 'POST', `/manage/items/links/${annotation.id}/claims`, { token, body: { count: 1 } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const itemId: string = claimed.body.data.items[0];
    const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data;
    const before: number = item.result?.result.objects.length ?? 0;
    const onServer = async () => ((await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data.result?.result.objects.length ?? 0) - before;
    const status = page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|No connection|stopped|refused/ });
    const open = async () => {
      await page.goto(`/tag/edit/${itemId}`);
      await page.locator('[data-editor-ready="true"]').waitFor();
    };

    await open();
    await drawBox(page, item, [20, 20], [90, 70]);
    await expect.poll(onServer, { timeout: 5_000 }).toBe(1);
    await status.getByText(/All changes saved/).waitFor();

    // The network is cut: the next box stays in the browser, and the editor says so.
    await page.route(resultRoute, (route) => route.abort('internetdisconnected'));
    await drawBox(page, item, [120, 30], [200, 90]);
    await status.getByText(/No connection/).waitFor();
    expect(await onServer()).toBe(1);

    // A reload while it is still cut offers the unsaved work back; restored, it is saved once the network returns.
    await open();
    await page.getByRole('alert').filter({ hasText: 'Unsaved work from' }).getByRole('button', { name: 'Restore it' }).click();
    await status.getByText(/No connection/).waitFor();
    await page.unroute(resultRoute);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(onServer, { timeout: 10_000 }).toBe(2);
    await status.getByText(/All changes saved/).waitFor();
    const draft = await page.evaluate(
      (id) =>
        new Promise((resolve) => {
          const opened = indexedDB.open('annot-editor');
          opened.onsuccess = () => {
            const read = opened.result.transaction('drafts').objectStore('drafts').get(id);
            read.onsuccess = () => resolve(read.result ?? null);
          };
        }),
      itemId,
    );
    expect(draft).toBeNull();

    // Another tab saves the item: the editor's next save is refused by If-Match and explained, not forced through.
    const current = await call(platform, 'GET', `/manage/items/${itemId}`, { token });
    const elsewhere = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token, body: { result: boxResult(toolId) }, headers: { 'if-match': current.headers.get('etag')! } });
    expect(elsewhere.status).toBe(200);
    await drawBox(page, item, [30, 120], [110, 180]);
    await page.getByRole('alert').filter({ hasText: 'saved elsewhere' }).waitFor();
    expect((await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data.result.result.objects).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
