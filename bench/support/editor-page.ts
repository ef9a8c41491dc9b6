// What the editor benchmark measures inside the console's own page in Chromium: an in-app open of an item until its
// canvas is drawn and free for input, and the frame times of a drag that pans it; beside plain Konva, evaluated in
// the same page, fetching the same item with the same token and drawing the same shapes with no application code.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

export interface Frames {
  p50: number;
  p95: number;
  count: number;
}

type Flag = '__editorReady' | '__plainReady';

/** Milliseconds from `start` (the page's clock) until `window[flag]` is true and a task ran after the next frame. */
function untilIdle(page: Page, flag: Flag, start: number): Promise<number> {
  return page.evaluate(
    async ([name, from]) => {
      const w = window as unknown as Record<string, unknown>;
      await new Promise<void>((resolve) => {
        const check = () => (w[name] === true ? resolve() : setTimeout(check, 1));
        check();
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - from;
    },
    [flag, start] as const,
  );
}

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

/** Opens the item in the editor from another screen of the console, as a tagger does from its items in hand. */
export async function editorOpenMs(page: Page, itemId: string): Promise<number> {
  await navigate(page, '/tag/going');
  await page.waitForTimeout(200);
  return untilIdle(page, '__editorReady', await navigate(page, `/tag/edit/${itemId}`));
}

/** Konva's own build, evaluated once in the page (the console's content policy does not apply to evaluation). */
export async function loadKonva(page: Page, konvaSource: string): Promise<void> {
  await page.evaluate(konvaSource);
}

/** Plain Konva over the page: the item and its image fetched as the editor fetches them, then every shape drawn. */
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
        fetch(`/manage/tasks/items/${id}`, { headers, cache: 'no-store' }).then((r) => r.json()).then((e) => e.data),
        fetch(`/manage/tasks/items/${id}/media`, { headers }).then((r) => r.blob()),
      ]);
      const image = await createImageBitmap(blob);
      const stage = new w.Konva.Stage({ container, width: innerWidth, height: innerHeight, draggable: true });
      w.__plainStage = stage;
      const scale = Math.min(innerWidth / image.width, innerHeight / image.height);
      const layer = new w.Konva.Layer({ scaleX: scale, scaleY: scale });
      layer.add(new w.Konva.Image({ image, listening: false }));
      for (const object of item.result.result.objects) {
        const shape = object.keyframes[0].shape;
        if (shape.type === 'box') layer.add(new w.Konva.Rect({ x: shape.x, y: shape.y, width: shape.width, height: shape.height, stroke: '#2563eb', strokeWidth: 1 / scale }));
        else layer.add(new w.Konva.Line({ points: shape.points.flatMap((p: { x: number; y: number }) => [p.x, p.y]), closed: shape.type === 'polygon', stroke: '#16a34a', strokeWidth: 1 / scale }));
      }
      stage.add(layer);
      layer.draw();
      w.__plainReady = true;
    })();
    return begun;
  }, itemId);
  return untilIdle(page, '__plainReady', start);
}

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
