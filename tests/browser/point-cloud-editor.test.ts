// The point-cloud editor in Chromium (software WebGL): a generated street of five LiDAR frames with two cameras,
// imported into a fusion project as one item. A tagger draws a cuboid's footprint over the car ahead in the top view,
// fits it to the car's points, auto-tracks it across the five frames, sees it projected through both cameras'
// calibration (into the front camera's image, outside the left one's) and submits;
// the inspector rejects with a mark pinned to the cuboid at a frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type CuboidShape, shapeAt } from '@annot/workflows';
import { streetObjects } from '../../scripts/src/sample-point-clouds';
import { consoleToken, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { streetProject } from '../support/street-project';
import { ok, type Person } from '../support/worked-project';

const frames = 5;

describe('the point-cloud editor', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let tagger: Person;
  let inspector: Person;
  let links: { annotation: string; inspection: string };
  let itemId: string;
  let trackId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    await ok(platform, 'POST', '/manage/error-groups', admin, { name: 'Box fit', description: '', values: [{ name: 'Loose box', color: '#ff8800', type: 'geometry', description: '' }] });
    const street = await streetProject(platform, admin, { title: 'Street fusion', frames, pointsPerFrame: 30_000, tool: { autoTrackFrames: 10, rangeCircles: '20,40', pointCloudOverlayFrames: 2 } });
    ({ tagger, inspector, links } = street);
    const items = await ok<{ items: { id: string; frameCount: number }[] }>(platform, 'GET', `/manage/items/projects/${street.projectId}?batchId=${street.batchId}&limit=10`, admin);
    expect(items.items.map((i) => i.frameCount)).toEqual([frames]);
    itemId = items.items[0].id;
  }, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  async function openEditor(who: 'Cloud Tagger' | 'Cloud Inspector', linkId: string) {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', `${who.toLowerCase().replace(/\W+/g, '-')}@example.com`, 'Person@123');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    await eventually(
      () => call(platform, 'POST', `/manage/items/links/${linkId}/claims`, { token, body: { count: 10 } }),
      (answer) => answer.status === 200 && (answer.body.data.items as string[]).includes(itemId),
      30_000,
    );
    await page.goto(`/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor({ timeout: 30_000 });
    return { page, errors, top: await topView(page) };
  }

  /**
   * Where a point of the ground shows in the top view as it first opens: the upper half of the views' right column,
   * 50 m from its top to its bottom around (10, 0), ahead (+x) up the screen and left (+y) to the left.
   */
  async function topView(page: Page) {
    const box = (await page.getByLabel('Point cloud views').boundingBox())!;
    const main = Math.round(box.width * 0.64);
    const rect = { x: box.x + main, y: box.y, width: box.width - main, height: Math.round(box.height / 2) };
    const metres = 50 / rect.height;
    return (x: number, y: number) => ({ x: rect.x + rect.width / 2 - (y - 0) / metres, y: rect.y + rect.height / 2 - (x - 10) / metres });
  }

  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
  }

  it('draws a cuboid over the car ahead, fits it, tracks it over five frames, sees it projected through both cameras and submits', async () => {
    const { page, errors, top } = await openEditor('Cloud Tagger', links.annotation);
    const car = streetObjects(0).ahead.box;
    // A loose footprint around the car, half a metre wider on every side.
    await page.keyboard.press('Shift+Digit1');
    await drag(page, top(car.x + car.length / 2 + 0.5, car.y + car.width / 2 + 0.5), top(car.x - car.length / 2 - 0.5, car.y - car.width / 2 - 0.5));
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.getByRole('row').count()).toBe(1);
    const inside = async () => Number(await page.getByTestId('points-in-box').innerText());
    await expect.poll(inside).toBeGreaterThan(20);

    // Fitting tightens it around the car's points: the count stays, the box shrinks to the car.
    const before = await inside();
    await page.getByRole('button', { name: 'Fit to points' }).click();
    await expect.poll(async () => (await page.getByText(/ × .* m$/).innerText()).split(' × ').map(parseFloat)[0]).toBeLessThan(car.length + 0.5);
    expect(await inside()).toBeGreaterThanOrEqual(before * 0.9);

    // Auto-track carries it over the other four frames, each a copied keyframe re-centred on the car.
    await page.keyboard.press('t');
    await expect
      .poll(() => timeline.getByRole('row').first().locator('[data-keyframe]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-keyframe'))))
      .toEqual(['0', '1', '2', '3', '4']);

    // At the third frame the overlay draws the two before it, gathered in the cloud worker and aligned by the item's
    // ego poses (the street's vehicle stands still).
    const views = page.locator('[data-editor-ready="true"]');
    const goTo = async (target: number) => {
      const current = Number((await page.getByTestId('frame-position').innerText()).split(' / ')[0]);
      for (let f = current; f < target; f++) await page.keyboard.press('.');
      for (let f = current; f > target; f--) await page.keyboard.press(',');
      await expect.poll(() => views.getAttribute('data-frame')).toBe(String(target));
      return current;
    };
    const tracked = await goTo(2);
    await page.getByRole('button', { name: 'Overlay 2 earlier frames' }).click();
    await expect.poll(async () => Number(await views.getAttribute('data-overlay-points'))).toBeGreaterThan(50_000);
    expect(await page.getByText('Not aligned: no ego poses').count()).toBe(0);
    await page.getByRole('button', { name: 'Overlay 2 earlier frames' }).click();
    await goTo(tracked);

    // Both cameras are shown with the track projected through their calibration: the car ahead lies in the front
    // camera's image and outside that of the camera turned 45° to the left, which draws no box for it.
    const front = page.locator('[data-camera="front"]').first();
    await front.locator('[data-object][data-projected-box]').first().waitFor();
    const [x, y, width, height] = (await front.locator('[data-object]').first().getAttribute('data-projected-box'))!.split(',').map(Number);
    expect(x + width / 2).toBeGreaterThan(480);
    expect(width * height).toBeGreaterThan(100);
    await page.locator('[data-camera="front_left"]').first().waitFor();
    expect(await page.locator('[data-camera="front_left"]').first().locator('[data-object][data-projected-box]').count()).toBe(0);

    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const submitted = await eventually(
      async () => ok(platform, 'GET', `/manage/items/${itemId}`, admin),
      (view) => view.submissionCount > 0,
    );
    const [track] = submitted.result.result.objects;
    expect(submitted.result.result.objects).toHaveLength(1);
    expect(track.keyframes.map((k: { frame: number }) => k.frame)).toEqual([0, 1, 2, 3, 4]);
    // Every frame's box sits on that frame's car, which moves ahead 0.6 m a frame.
    for (let frame = 0; frame < frames; frame++) {
      const shape = shapeAt(track, frame) as CuboidShape;
      const truth = streetObjects(frame / 10).ahead.box;
      expect(Math.hypot(shape.x - truth.x, shape.y - truth.y)).toBeLessThan(0.6);
    }
    expect(errors).toEqual([]);
    trackId = track.id;
  }, 120_000);

  it('lets the inspector reject with a mark pinned to the cuboid at a frame', async () => {
    const judge = await openEditor('Cloud Inspector', links.inspection);
    const car = streetObjects(0).ahead.box;
    await judge.page.keyboard.press('m');
    const spot = judge.top(car.x, car.y);
    await judge.page.mouse.click(spot.x, spot.y);
    const dialog = judge.page.getByRole('dialog');
    await dialog.getByLabel('Error property group').selectOption({ label: 'Box fit' });
    await dialog.getByRole('radio', { name: 'Loose box' }).click();
    await dialog.getByRole('button', { name: 'Add mark' }).click();
    await dialog.waitFor({ state: 'detached' });
    await judge.page.keyboard.press('Alt+j');
    await judge.page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const history = await eventually(
      () => ok<{ type: string; data: { marks?: { objectId: string | null; frame: number | null }[] } }[]>(platform, 'GET', `/manage/items/${itemId}/history`, admin),
      (events) => events.some((e) => e.type === 'ItemRejected'),
    );
    const rejected = history.find((e) => e.type === 'ItemRejected')!;
    expect(rejected.data.marks).toEqual([expect.objectContaining({ objectId: trackId, frame: 0 })]);
    expect(judge.errors).toEqual([]);
  }, 120_000);

  // The worker's script comes with the page's security policy: without 'wasm-unsafe-eval' its LZF decoder would not
  // compile, and compressed clouds would quietly expand at the JavaScript decoder's speed.
  it("lets the console's scripts compile the point cloud worker's WebAssembly", async () => {
    const { page } = await openPage(browser, platform.baseUrl);
    await page.goto('/login');
    const compiled = await page.evaluate(() => {
      try {
        new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0));
        return 'compiled';
      } catch (error) {
        return String(error);
      }
    });
    expect(compiled).toBe('compiled');
    await page.context().close();
  });
});
