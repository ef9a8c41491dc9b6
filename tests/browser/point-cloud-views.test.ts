// The point-cloud editor's four views in Chromium (software WebGL): drawing only the runs of the cloud each view can
// show leaves every view as it would be with the whole cloud drawn in it, wherever the perspective view is turned; and
// the selected points of a segment stand out in every view until the highlight is cleared; and a switch to the next
// frame shows what that frame shows from the start, whichever colour mode is chosen after it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageScript } from '../../bench/support/page-script';
import { closeContexts, sharedBrowser } from '../support/browser';

type ViewName = 'perspective' | 'top' | 'side' | 'front';
type Comparison = Record<ViewName, { differing: number; lit: number; colors: Record<string, number> }>;
type Views = {
  sceneViews: {
    againstWholeCloud(drag: [number, number], zoom: number): Comparison;
    highlighted(): { points: number; on: Comparison; cleared: Comparison };
    switched(): Record<'height' | 'intensity', Comparison>;
  };
};
const views: ViewName[] = ['perspective', 'top', 'side', 'front'];

describe('the point-cloud views', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const script = await pageScript(path.resolve(__dirname, '../..'), 'console/src/harness/point-cloud-views-page.ts');
    browser = await sharedBrowser();
    page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: script });
  });

  afterAll(async () => {
    await closeContexts(browser);
  });

  it.each([
    ['as focused on the selected box', [0, 0], 1],
    ['turned and drawn back', [260, -40], 2.4],
    ['looking down from close by', [-420, 200], 0.3],
  ] as const)('shows in every view what the whole cloud shows, %s', async (_, drag, zoom) => {
    const result = await page.evaluate(([d, z]) => (window as unknown as Views).sceneViews.againstWholeCloud(d, z), [drag, zoom] as [[number, number], number]);
    for (const view of views) {
      expect(result[view].lit, `points drawn in the ${view} view`).toBeGreaterThan(200);
      expect(result[view].differing, `pixels of the ${view} view unlike the whole cloud's`).toBe(0);
    }
  });

  it('highlights the selected points in one colour in every view, and clears them', async () => {
    const { points, on, cleared } = await page.evaluate(() => (window as unknown as Views).sceneViews.highlighted());
    expect(points).toBeGreaterThan(100);
    for (const view of views) {
      const colors = Object.entries(on[view].colors).sort((a, b) => b[1] - a[1]);
      expect(on[view].differing, `highlighted pixels in the ${view} view`).toBeGreaterThan(50);
      // Where a highlighted point is drawn it has the highlight's colour, whatever the colour mode shows around it.
      expect(colors[0][1] / on[view].differing).toBeGreaterThan(0.95);
      expect(cleared[view].differing).toBe(0);
    }
    expect(new Set(views.map((view) => Object.entries(on[view].colors).sort((a, b) => b[1] - a[1])[0][0])).size).toBe(1);
  });

  it('shows after a frame switch what the next frame shows from the start, by height and then by reflectance', async () => {
    const result = await page.evaluate(() => (window as unknown as Views).sceneViews.switched());
    for (const mode of ['height', 'intensity'] as const) {
      for (const view of views) {
        expect(result[mode][view].lit, `points drawn in the ${view} view by ${mode}`).toBeGreaterThan(200);
        expect(result[mode][view].differing, `pixels of the ${view} view by ${mode} unlike the next frame's own`).toBe(0);
      }
    }
  });
});
