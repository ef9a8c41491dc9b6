// The annotation editor in Chromium with an item of 1,000 boxes and 200 polygons of 20 points: the time until the
// canvas is drawn and free for input (its side panels come after, in the first idle moment, and are timed on their
// own), and the frame time while panning, beside plain Konva drawing the same shapes the same way from the same JSON
// in the same page and run; every open is checked to have all 1,200 shapes on screen. Then the autosave round trip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { BenchDatabase } from './support/bench-database';
import { type EditorPlatform, startEditorPlatform, taggerPage } from './support/editor-platform';
import type { Figure } from './support/figures';
import { median } from './support/timing';
import { closeKonva, countStrokes, dragFrames, editorCanvas, editorOpenMs, type Frames, konvaOpenMs, loadKonva, plainCanvas, plainStageX, shapesOnScreen } from './support/editor-page';

// Compiled to scripts/dist/bench.
const root = path.resolve(__dirname, '../../..');
const boxes = 1_000;
const polygons = 200;
const pointsPerPolygon = 20;
/** Opens are repeated, each of another item, and the median kept: the first also loads the editor's code. */
const opens = 5;

interface Api {
  (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any>;
}

function apiOf(platform: EditorPlatform, token: string): Api {
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; message: string; data: any };
    if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.message}`);
    return envelope.data;
  };
}

/** The heavy result: a grid of boxes over the image and rings of twenty points, with their required values set. */
function heavyResult(tools: { toolId: string; toolVersion: number; templateType: string; name: string }[], image: { width: number; height: number }) {
  const box = tools.find((t) => t.templateType === 'box')!;
  const polygon = tools.find((t) => t.templateType === 'polygon')!;
  const objects: unknown[] = [];
  const columns = 40;
  // Within 90 percent of the image, so the nudge of the autosave step keeps every shape inside it.
  const cell = { width: (image.width * 0.9) / columns, height: (image.height * 0.9) / Math.ceil(boxes / columns) };
  for (let i = 0; i < boxes; i++) {
    const shape = { type: 'box', x: (i % columns) * cell.width + 1, y: Math.floor(i / columns) * cell.height + 1, width: cell.width * 0.8, height: cell.height * 0.8 };
    objects.push({ id: `b${i}`, toolId: box.toolId, toolVersion: box.toolVersion, templateType: 'box', attributes: { category: 'car' }, keyframes: [{ frame: 0, shape, attributes: {} }] });
  }
  for (let i = 0; i < polygons; i++) {
    const cx = ((i % 20) + 0.5) * ((image.width * 0.9) / 20);
    const cy = (Math.floor(i / 20) + 0.5) * ((image.height * 0.9) / 10);
    const r = Math.min(image.width / 20, image.height / 10) * 0.4;
    const points = Array.from({ length: pointsPerPolygon }, (_, k) => ({ x: cx + r * Math.cos((2 * Math.PI * k) / pointsPerPolygon), y: cy + r * Math.sin((2 * Math.PI * k) / pointsPerPolygon) }));
    objects.push({ id: `p${i}`, toolId: polygon.toolId, toolVersion: polygon.toolVersion, templateType: 'polygon', attributes: { surface: 'asphalt' }, keyframes: [{ frame: 0, shape: { type: 'polygon', points }, attributes: {} }] });
  }
  return { frameCount: 1, objects, attributes: {} };
}

/** Items in the demo tagger's hand, each holding the heavy result: every open reads an item it has not read before. */
async function heavyItems(api: Api, count: number): Promise<string[]> {
  const projects = (await api('GET', '/manage/projects?tab=going')).items as { id: string }[];
  const project = await api('GET', `/manage/projects/${projects[0].id}`);
  const annotation = (project.links as { id: string; type: string }[]).find((l) => l.type === 'annotation')!;
  const claimed = (await api('POST', `/manage/items/links/${annotation.id}/claims`, { count })).items as string[];
  if (claimed.length < count) throw new Error(`the demo pool gave the tagger ${claimed.length} items, not ${count}`);
  for (const itemId of claimed) {
    const item = await api('GET', `/manage/items/${itemId}`);
    const image = { width: item.width ?? 1280, height: item.height ?? 720 };
    await api('PUT', `/manage/items/${itemId}/result`, { result: heavyResult(project.tools, image) }, { 'if-match': `"${item.version}"` });
  }
  return claimed;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Every shape of the item on the side's canvas: an open that drew fewer did less work than it claims. */
async function checkDrawn(page: Page, side: string, selector: string): Promise<void> {
  const drawn = await shapesOnScreen(page, selector);
  if (drawn !== boxes + polygons) throw new Error(`${side} had ${drawn} shapes on screen of ${boxes + polygons} when it counted as open, so its figure is void`);
}
const framesText = (f: Frames) => `p50 ${ms(f.p50)} p95 ${ms(f.p95)} over ${f.count} frames`;

/** One autosave: a change on the canvas, and the save it sends, in bytes and milliseconds until its answer. */
async function autosaveRoundTrip(page: Page): Promise<{ bytes: number; ms: number }> {
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/result'), { timeout: 30_000 });
  // Select every object and nudge them: the whole document changes, as after a large edit.
  await page.getByTestId('editor-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+a');
  await page.keyboard.press('ArrowRight');
  const request = await saved;
  const sent = Date.now();
  const response = await request.response();
  if (!response || response.status() !== 200) throw new Error(`the autosave was answered with ${response?.status()}: ${await response?.text()}`);
  await response.finished();
  const answered = Date.now() - sent;
  // As sent on the wire: the editor packs a large result before it travels.
  return { bytes: Number((await request.headerValue('content-length')) ?? (await request.sizes()).requestBodySize), ms: answered };
}

export async function editorBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const platform = await startEditorPlatform(bench);
  try {
    const { page, token } = await taggerPage(platform);
    const api = apiOf(platform, token);
    const items = await heavyItems(api, opens);
    log(`  ${opens} items of ${boxes.toLocaleString('en-US')} boxes and ${polygons} polygons of ${pointsPerPolygon} points, Chromium ${platform.browser.version()}`);
    await loadKonva(page, readFileSync(path.join(root, 'node_modules/konva/konva.min.js'), 'utf8'));
    await countStrokes(page);

    const ours: { canvas: number; panels: number }[] = [];
    const raw: number[] = [];
    // Against the order of the tagger's list, so the editor's preload of the next item never reads one ahead of its
    // open: every open is of an item not read before.
    for (const itemId of [...items].sort().reverse()) {
      ours.push(await editorOpenMs(page, itemId));
      await checkDrawn(page, 'the editor', editorCanvas);
      // The baseline is timed on a quiet page, as the editor is: what the editor reads once its canvas is up (the
      // item's history, the next item) finishes first instead of running inside the baseline's time.
      await page.waitForTimeout(600);
      raw.push(await konvaOpenMs(page, itemId));
      await checkDrawn(page, 'plain Konva', plainCanvas);
      await closeKonva(page);
    }
    const open = { canvas: median(ours.map((o) => o.canvas)), panels: median(ours.map((o) => o.panels)), raw: median(raw) };
    log(`  open until drawn and free for input: editor ${ms(open.canvas)} (first ${ms(ours[0].canvas)}, with its code), plain Konva ${ms(open.raw)} (medians of ${opens}); ${boxes + polygons} shapes on screen on both sides each time`);
    log(`  the editor's side panels (attributes, object list), rendered in the first idle moment after the canvas: in by ${ms(open.panels)}`);

    await konvaOpenMs(page, items[0]);
    const plainPan = await dragFrames(page, plainCanvas, 'left');
    if ((await plainStageX(page)) === 0) throw new Error('the drag did not pan plain Konva, so its frame times are void');
    await closeKonva(page);
    await editorOpenMs(page, items[0]);
    const pan = { ours: await dragFrames(page, editorCanvas, 'middle'), raw: plainPan };
    log(`  frame time while panning: editor ${framesText(pan.ours)}; plain Konva ${framesText(pan.raw)}`);

    const save = await autosaveRoundTrip(page);
    log(`  autosave of the whole result: ${(save.bytes / 1024).toFixed(0)} KB sent, answered in ${ms(save.ms)}`);

    // Times are turned into rates, so "at most 1.5x the time" reads as "at least 0.67x the rate".
    return [
      { name: 'editor open, canvas only', ours: 1000 / open.canvas, baselineName: 'plain Konva, same JSON', baseline: 1000 / open.raw, targetRatio: 2 / 3 },
      { name: 'editor open with side panels', ours: 1000 / open.panels, baselineName: 'plain Konva, same JSON', baseline: 1000 / open.raw },
      { name: 'pan frames (p95)', ours: 1000 / pan.ours.p95, baselineName: 'plain Konva drag (p95)', baseline: 1000 / pan.raw.p95, targetRatio: 2 / 3 },
    ];
  } finally {
    await platform.stop();
  }
}
