// What the editor benchmark measures inside the console's own page in Chromium: an in-app open of an item until its
// canvas is drawn and free for input, then until its deferred side panels are in, and the frame times of a drag that
// pans it; beside plain Konva, evaluated in the same page, fetching the same item with the same token and drawing the
// same shapes as the editor draws them, with no application code. Each side's shapes on screen are counted.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

export interface Frames {
  p50: number;
  p95: number;
  count: number;
}

/** A window flag that turns true, or an element that appears. */
type Sign = { flag: '__editorReady' | '__plainReady' } | { selector: string };

/**
 * Milliseconds from `start` (the page's clock) until each sign in turn holds and a task ran after the next frame: one
 * time per sign, all watched from inside the page, so none waits on a round trip to the benchmark.
 */
function untilIdle(page: Page, signs: Sign[], start: number): Promise<number[]> {
  return page.evaluate(
    async ([all, from]) => {
      const w = window as unknown as Record<string, unknown>;
      const times: number[] = [];
      for (const sign of all) {
        const holds = () => ('flag' in sign ? w[sign.flag] === true : document.querySelector(sign.selector) !== null);
        await new Promise<void>((resolve, reject) => {
          const check = () =>
            holds() ? resolve() : performance.now() - from > 120_000 ? reject(new Error(`${JSON.stringify(sign)} did not hold in two minutes`)) : setTimeout(check, 1);
          check();
        });
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        times.push(performance.now() - from);
      }
      return times;
    },
    [signs, start] as const,
  );
}

/**
 * Counts, for every canvas of the page, the strokes since it was last cleared: a Konva layer clears its canvas before
 * it draws, and every shape of either side is stroked once, so after a draw the count is the shapes on screen.
 */
export async function countStrokes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const strokes = new WeakMap<object, number>();
    const proto = CanvasRenderingContext2D.prototype;
    const { stroke, clearRect } = proto;
    proto.stroke = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      strokes.set(this.canvas, (strokes.get(this.canvas) ?? 0) + 1);
      return (stroke as (...a: unknown[]) => void).apply(this, args);
    } as typeof proto.stroke;
    proto.clearRect = function (this: CanvasRenderingContext2D, ...args: [number, number, number, number]) {
      strokes.set(this.canvas, 0);
      return clearRect.apply(this, args);
    };
    (window as unknown as { __strokesUnder(selector: string): number }).__strokesUnder = (selector) =>
      Array.from(document.querySelectorAll(`${selector} canvas`)).reduce((sum, canvas) => sum + (strokes.get(canvas) ?? 0), 0);
  });
}

/** The shapes stroked on the canvases under `selector` in their last draw; `countStrokes` must have run first. */
export const shapesOnScreen = (page: Page, selector: string): Promise<number> =>
  page.evaluate((under) => (window as unknown as { __strokesUnder(selector: string): number }).__strokesUnder(under), selector);

/** Moves within the console as its links do: the router follows the history. */
function navigate(page: Page, path: string): Promise<number> {
  return page.evaluate((to) => {
    (window as unknown as Record<string, unknown>).__editorReady = false;
    const start = performance.now();
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return start;
  }, path);
}

export const editorCanvas = '[data-testid="editor-canvas"]';
/** The side panel's object list, which the editor renders once its canvas is on screen. */
const objectsPanel = 'section[aria-label="Objects"]';

/**
 * Opens the item in the editor from another screen of the console, as a tagger does from its items in hand: the
 * milliseconds until its canvas is drawn and free for input, and until its deferred side panels are in as well.
 */
export async function editorOpenMs(page: Page, itemId: string): Promise<{ canvas: number; panels: number }> {
  await navigate(page, '/tag/going');
  await page.waitForTimeout(200);
  const [canvas, panels] = await untilIdle(page, [{ flag: '__editorReady' }, { selector: objectsPanel }], await navigate(page, `/tag/edit/${itemId}`));
  return { canvas, panels };
}

/** Konva's own build, evaluated once in the page (the console's content policy does not apply to evaluation). */
export async function loadKonva(page: Page, konvaSource: string): Promise<void> {
  await page.evaluate(konvaSource);
}

export const plainCanvas = '#plain-konva';

/**
 * Plain Konva over the page: the item and its image fetched afresh, as the editor fetches an item it has not read,
 * then every shape drawn as the editor draws it (the same strokes, polygons filled faintly, nothing listening for the
 * pointer, so no hit canvas is drawn either).
 */
export async function konvaOpenMs(page: Page, itemId: string): Promise<number> {
  const start = await page.evaluate(async (id) => {
    const w = window as unknown as { Konva: any; __plainReady: boolean; __plainStage?: { destroy(): void } };
    w.__plainStage?.destroy();
    document.getElementById('plain-konva')?.remove();
    const container = document.createElement('div');
    container.id = 'plain-konva';
    container.style.cssText = 'position:fixed;inset:0;z-index:100000;background:#fff';
    document.body.append(container);
    w.__plainReady = false;
    const begun = performance.now();
    void (async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const [item, blob] = await Promise.all([
        fetch(`/manage/items/${id}`, { headers, cache: 'no-store' }).then((r) => r.json()).then((e) => e.data),
        fetch(`/manage/items/${id}/media`, { headers, cache: 'no-store' }).then((r) => r.blob()),
      ]);
      const image = await createImageBitmap(blob);
      const stage = new w.Konva.Stage({ container, width: innerWidth, height: innerHeight, draggable: true });
      w.__plainStage = stage;
      const scale = Math.min(innerWidth / image.width, innerHeight / image.height);
      const layer = new w.Konva.Layer({ scaleX: scale, scaleY: scale, listening: false });
      layer.add(new w.Konva.Image({ image, listening: false }));
      const look = { listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false, strokeWidth: 2 / scale };
      for (const object of item.result.result.objects) {
        const shape = object.keyframes[0].shape;
        // The heavy result holds boxes and polygons only.
        if (shape.type === 'box') layer.add(new w.Konva.Rect({ ...look, x: shape.x, y: shape.y, width: shape.width, height: shape.height, stroke: '#2563eb' }));
        else layer.add(new w.Konva.Line({ ...look, points: shape.points.flatMap((p: { x: number; y: number }) => [p.x, p.y]), closed: true, stroke: '#16a34a', fill: '#16a34a14' }));
      }
      stage.add(layer);
      layer.draw();
      w.__plainReady = true;
    })();
    return begun;
  }, itemId);
  const [drawn] = await untilIdle(page, [{ flag: '__plainReady' }], start);
  return drawn;
}

/** Where plain Konva's stage has been dragged to: a drag that did not pan it measured nothing. */
export const plainStageX = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __plainStage: { x(): number } }).__plainStage.x());

export async function closeKonva(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __plainStage?: { destroy(): void } }).__plainStage?.destroy();
    document.getElementById('plain-konva')?.remove();
  });
}

/** Frame times while the mouse drags across the canvas, from the page's own animation frames. */
export async function dragFrames(page: Page, selector: string, button: 'left' | 'middle'): Promise<Frames> {
  const box = (await page.locator(selector).first().boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(() => {
    const times: number[] = [];
    const w = window as unknown as { __frames: number[] | null };
    w.__frames = times;
    const tick = (t: number) => {
      times.push(t);
      if (w.__frames === times) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button });
  for (let i = 1; i <= 60; i++) await page.mouse.move(start.x + i * 4, start.y + i * 2);
  await page.mouse.up({ button });
  const times = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[] | null };
    const taken = w.__frames ?? [];
    w.__frames = null;
    return taken;
  });
  const deltas = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  return { p50: deltas[Math.floor(deltas.length / 2)], p95: deltas[Math.floor(deltas.length * 0.95)], count: deltas.length };
}
