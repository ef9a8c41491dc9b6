// The annotation editor in Chromium with the mouse and the keyboard: a tagger opens an item in hand from its list,
// draws a box, a polygon, a line, a curve and a point, is refused on submit for the box's missing category, which
// the refusal selects, sets it by its hotkey and submits; the server holds every shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { landOn, launchBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';

const templates = ['polygon', 'line', 'curve', 'point'] as const;

/** The tokens the console keeps, so the test's own API calls act as the person signed in there. */
const consoleToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** Where an image pixel is on screen: the editor fits the image into its canvas, centred, at 98 percent. */
async function imageToScreen(page: Page, image: { width: number; height: number }) {
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const scale = Math.min(box.width / image.width, box.height / image.height) * 0.98;
  const left = box.x + (box.width - image.width * scale) / 2;
  const top = box.y + (box.height - image.height * scale) / 2;
  return (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale });
}

describe('the annotation editor', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  let boxToolId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ platform, admin, projectId, toolId: boxToolId } = await startDemo());
    // The demo project draws boxes only; this one gets a tool of every other template beside it.
    const tools = [{ toolId: boxToolId, toolVersion: 1 }];
    for (const templateType of templates) {
      const created = await call(platform, 'POST', '/manage/tools', {
        token: admin,
        body: { name: `Editor ${templateType}`, templateType, attributes: [{ name: 'kind', displayName: 'Kind', exportName: 'kind', type: 'single', options: [{ name: 'a' }, { name: 'b' }] }] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      tools.push({ toolId: created.body.data.id, toolVersion: 1 });
    }
    const saved = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('draws every template with the mouse, is refused for a missing attribute, sets it by hotkey and submits', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    const links = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token })).body.data.links as { id: string; type: string; name: string }[];
    const annotation = links.find((l) => l.type === 'annotation')!;
    // The rule was read when the demo work was done; a claim of one fresh item to draw on.
    const claimed = await call(platform, 'POST', `/manage/tasks/links/${annotation.id}/claims`, { token, body: { count: 1 } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const itemId: string = claimed.body.data.items[0];
    const item = (await call(platform, 'GET', `/manage/tasks/items/${itemId}`, { token })).body.data;
    // Rework comes back to its annotator first, with the objects it already has.
    const before: number = item.result?.result.objects.length ?? 0;
    const count = (n: number) => (before + n === 1 ? '1 object' : `${before + n} objects`);

    await page.goto(`/tag/datamanage/${projectId}`);
    await page.getByRole('heading', { name: demoProjectTitle }).waitFor();
    await page.getByLabel(annotation.name, { exact: true }).getByRole('row', { name: new RegExp(item.fileName) }).getByRole('link', { name: 'Annotate' }).click();
    await page.waitForURL(`**/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    const at = await imageToScreen(page, { width: item.width, height: item.height });
    const click = async (x: number, y: number) => {
      const p = at(x, y);
      await page.mouse.click(p.x, p.y);
    };
    const objects = page.getByRole('region', { name: 'Objects' });

    // A box by dragging, with the first tool's key.
    await page.keyboard.press('Shift+Digit1');
    const from = at(20, 20);
    const to = at(100, 80);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
    await objects.getByText(count(1), { exact: true }).waitFor();

    // A polygon closed on its first point, a line and a curve finished with Enter, and a point.
    await page.keyboard.press('Shift+Digit2');
    await click(150, 30);
    await click(220, 40);
    await click(190, 110);
    await click(150, 30);
    await objects.getByText(count(2), { exact: true }).waitFor();
    await page.keyboard.press('Shift+Digit3');
    await click(30, 150);
    await click(90, 170);
    await click(140, 160);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Digit4');
    await click(160, 150);
    await click(200, 200);
    await click(250, 150);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Digit5');
    await click(280, 60);
    await objects.getByText(count(5), { exact: true }).waitFor();

    // The box lacks its required category: the object list warns, and the server refuses the submission.
    await page.keyboard.press('Escape');
    const boxRow = objects.getByRole('listitem', { name: `Demo vehicle box ${before + 1}` });
    await boxRow.getByText('1 issue').waitFor();
    await page.keyboard.press('Control+Enter');
    const refusal = page.getByRole('alert').filter({ hasText: `${before + 1}. Demo vehicle box · category` });
    await refusal.waitFor();
    // The refusal selected the box, so its option hotkey answers it.
    await page.getByRole('region', { name: 'Attributes' }).getByRole('heading', { name: 'Demo vehicle box' }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('region', { name: 'Attributes' }).getByRole('radio', { name: /car/ }).and(page.locator('[aria-checked="true"]')).waitFor();
    await expect.poll(() => boxRow.getByText('1 issue').count()).toBe(0);

    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const submitted = await eventually(
      async () => (await call(platform, 'GET', `/manage/tasks/items/${itemId}`, { token: admin })).body.data,
      (view) => view.submissionCount > 0,
    );
    const result = submitted.result.result;
    const drawn = result.objects.slice(before);
    expect(drawn.map((o: { keyframes: { shape: { type: string } }[] }) => o.keyframes[0].shape.type)).toEqual(['box', 'polygon', 'line', 'curve', 'point']);
    const box = drawn[0];
    expect(box.attributes).toMatchObject({ category: 'car', occluded: 'no' });
    expect(box.keyframes[0].shape.width).toBeGreaterThan(70);
    expect(drawn[1].keyframes[0].shape.points).toHaveLength(3);
    expect(drawn[3].keyframes[0].shape.points).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});
