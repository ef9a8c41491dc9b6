// Panoptic segmentation in Chromium: a tagger paints a car with the brush, outlines the road with the polygon fill,
// gives the rest of the frame to the sky, saves and submits; the saved masks share no pixel and cover the frame, and
// the PM's exports of them (per-class PNG masks and COCO panoptic) hold exactly the pixels painted.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { maskArea, type MaskShape } from '@annot/workflows';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { consoleToken, imageToScreen, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { zipEntries } from '../support/zip-entries';

const classes = [
  { name: 'car', countable: true },
  { name: 'road', countable: false },
  { name: 'sky', countable: false },
];

describe('panoptic segmentation', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  let links: { id: string; type: string; name: string }[];
  const toolIds: string[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    let boxToolId: string;
    ({ platform, admin, projectId, links, toolId: boxToolId } = await startDemo());
    for (const { name, countable } of classes) {
      const created = await call(platform, 'POST', '/manage/tools', { token: admin, body: { name, templateType: 'mask', countable } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      toolIds.push(created.body.data.id);
    }
    const tools = [boxToolId, ...toolIds].map((toolId) => ({ toolId, toolVersion: 1 }));
    const saved = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('paints two classes, fills the rest, saves and submits, and exports masks of the pixels painted', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    const annotation = links.find((l) => l.type === 'annotation')!;
    const claimed = await call(platform, 'POST', `/manage/items/links/${annotation.id}/claims`, { token, body: { count: 1 } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const itemId: string = claimed.body.data.items[0];
    const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data;
    const before: number = item.result?.result.objects.length ?? 0;
    const count = (n: number) => (before + n === 1 ? '1 object' : `${before + n} objects`);

    await page.goto(`/tag/datamanage/${projectId}`);
    await page.getByRole('heading', { name: demoProjectTitle }).waitFor();
    await page.getByLabel(annotation.name, { exact: true }).getByRole('row', { name: new RegExp(item.fileName) }).getByRole('link', { name: 'Annotate' }).click();
    await page.waitForURL(`**/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    const at = await imageToScreen(page, { width: item.width, height: item.height });
    const objects = page.getByRole('region', { name: 'Objects' });
    const painting = page.getByRole('group', { name: 'Painting' });
    const [w, h] = [item.width as number, item.height as number];

    // A car with the brush, dragged across the frame's upper half.
    await page.keyboard.press('Shift+Digit2');
    await painting.getByRole('button', { name: 'Brush' }).waitFor();
    const from = at(w * 0.2, h * 0.3);
    const to = at(w * 0.5, h * 0.35);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++) await page.mouse.move(from.x + ((to.x - from.x) * step) / 5, from.y + ((to.y - from.y) * step) / 5);
    await page.mouse.up();
    await objects.getByText(count(1), { exact: true }).waitFor();

    // The road outlined over the lower part, across the car's stroke: it takes the pixels it covers from the car.
    await page.keyboard.press('Shift+Digit3');
    await painting.getByRole('button', { name: 'Polygon fill' }).click();
    const corners = [at(w * 0.05, h * 0.33), at(w * 0.95, h * 0.33), at(w * 0.95, h * 0.95), at(w * 0.05, h * 0.95)];
    for (const corner of [...corners, corners[0]]) await page.mouse.click(corner.x, corner.y);
    await objects.getByText(count(2), { exact: true }).waitFor();

    // The sky takes the rest.
    await page.keyboard.press('Shift+Digit4');
    await painting.getByRole('button', { name: 'Fill the rest with sky' }).click();
    await objects.getByText(count(3), { exact: true }).waitFor();

    await page.keyboard.press('Control+s');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const submitted = await eventually(
      async () => (await call(platform, 'GET', `/manage/items/${itemId}`, { token: admin })).body.data,
      (view) => view.submissionCount > 0,
    );
    const painted = submitted.result.result.objects.slice(before) as { toolId: string; keyframes: { shape: MaskShape }[] }[];
    expect(painted.map((o) => toolIds.indexOf(o.toolId))).toEqual([0, 1, 2]);
    const areas = painted.map((o) => maskArea(o.keyframes[0].shape));
    expect(areas.every((area) => area > 0)).toBe(true);
    // No pixel twice, none left out: the three regions add up to the frame.
    expect(areas.reduce((sum, area) => sum + area, 0)).toBe(w * h);
    expect(errors).toEqual([]);

    const exported = async (format: string) => {
      const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token: admin, body: { format } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const record = await eventually(
        async () => (await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token: admin })).body.data,
        (view) => view.status === 'succeeded' || view.status === 'failed',
        120_000,
      );
      expect(record.status).toBe('succeeded');
      const response = await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } });
      return zipEntries(Buffer.from(await response.arrayBuffer()));
    };
    const pixels = (png: Buffer) => {
      const image = PNG.sync.read(png);
      return Array.from({ length: image.width * image.height }, (_, i) => [image.data[i * 4], image.data[i * 4 + 1], image.data[i * 4 + 2]]);
    };

    // Per-class PNG masks: each class's white pixels are its painted pixels.
    const masks = await exported('masks');
    classes.forEach(({ name }, i) => {
      // Only this item has masks, so each class has one PNG.
      const pngs = [...masks.entries()].filter(([path]) => path.startsWith('masks/') && path.endsWith(`/${name}.png`));
      expect(pngs.map(([path]) => path)).toEqual([expect.stringContaining(item.fileName.replace(/\.[^./]+$/, ''))]);
      expect(pixels(pngs[0][1]).filter(([grey]) => grey === 255).length).toBe(areas[i]);
    });

    // COCO panoptic: each segment's colour covers its area, and the categories say which classes are things.
    const panoptic = await exported('coco_panoptic');
    const document = JSON.parse(panoptic.get('annotations/panoptic.json')!.toString('utf8'));
    expect(document.categories.map((c: { name: string; isthing: number }) => [c.name, c.isthing])).toEqual([
      ['car', 1],
      ['road', 0],
      ['sky', 0],
    ]);
    expect(document.annotations).toHaveLength(1);
    const [frame] = document.annotations;
    expect(frame.segments_info.map((s: { area: number }) => s.area)).toEqual(areas);
    const colours = pixels(panoptic.get(`panoptic/${frame.file_name}`)!);
    frame.segments_info.forEach((segment: { id: number; area: number }) => {
      expect(colours.filter(([r, g, b]) => r + 256 * g + 65536 * b === segment.id).length).toBe(segment.area);
    });
  }, 240_000);
});
