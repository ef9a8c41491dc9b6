// What the editor benchmark measures inside Chromium: a page load until the canvas is drawn and free for input, and
// the frame times of a drag that pans it; for the editor, and for a page of plain Konva that fetches the same item
// with the same token and draws the same shapes, with no application code.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

export interface Frames {
  p50: number;
  p95: number;
  count: number;
}

const baselinePath = '/__plain-konva';

/** Milliseconds from navigation start until `window[flag]` is true and the page answered one task after the next frame. */
function untilIdle(page: Page, flag: '__editorReady' | '__plainReady'): Promise<number> {
  return page.evaluate(async (name) => {
    const w = window as unknown as Record<string, unknown>;
    await new Promise<void>((resolve) => {
      const check = () => (w[name] === true ? resolve() : setTimeout(check, 2));
      check();
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now();
  }, flag);
}

export async function editorOpenMs(page: Page, itemId: string): Promise<number> {
  await page.goto(`/tag/edit/${itemId}`);
  return untilIdle(page, '__editorReady');
}

/** The baseline page: Konva inline, then the item and its image fetched as the editor fetches them, then drawn. */
function baselineHtml(itemId: string, konvaSource: string): string {
  const draw = `
    (async () => {
      const token = localStorage.getItem('token');
      const headers = { authorization: 'Bearer ' + token };
      const [item, blob] = await Promise.all([
        fetch('/manage/tasks/items/${itemId}', { headers }).then((r) => r.json()).then((e) => e.data),
        fetch('/manage/tasks/items/${itemId}/media', { headers }).then((r) => r.blob()),
      ]);
      const image = await createImageBitmap(blob);
      const stage = new Konva.Stage({ container: 'stage', width: innerWidth, height: innerHeight, draggable: true });
      const scale = Math.min(innerWidth / image.width, innerHeight / image.height);
      const layer = new Konva.Layer({ scaleX: scale, scaleY: scale });
      layer.add(new Konva.Image({ image, listening: false }));
      for (const object of item.result.result.objects) {
        const shape = object.keyframes[0].shape;
        if (shape.type === 'box') layer.add(new Konva.Rect({ x: shape.x, y: shape.y, width: shape.width, height: shape.height, stroke: '#2563eb', strokeWidth: 1 }));
        else layer.add(new Konva.Line({ points: shape.points.flatMap((p) => [p.x, p.y]), closed: shape.type === 'polygon', stroke: '#16a34a', strokeWidth: 1 }));
      }
      stage.add(layer);
      layer.draw();
      window.__plainReady = true;
    })();`;
  return `<!doctype html><html><head><style>html,body{margin:0;height:100%}#stage{width:100vw;height:100vh}</style></head>
<body><div id="stage"></div><script>${konvaSource}</script><script>${draw}</script></body></html>`;
}

async function openBaseline(page: Page, itemId: string, konvaSource: string): Promise<number> {
  await page.route(`**${baselinePath}`, (route) => route.fulfill({ contentType: 'text/html', body: baselineHtml(itemId, konvaSource) }));
  try {
    await page.goto(baselinePath);
    return await untilIdle(page, '__plainReady');
  } finally {
    await page.unroute(`**${baselinePath}`);
  }
}

export const konvaOpenMs = openBaseline;

/** Frame times while the mouse drags across the canvas, from the page's own animation frames. */
async function dragFrames(page: Page, selector: string, button: 'left' | 'middle'): Promise<Frames> {
  const box = (await page.locator(selector).boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(() => {
    const times: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = times;
    const tick = (t: number) => {
      times.push(t);
      if ((window as unknown as { __frames: number[] | null }).__frames === times) requestAnimationFrame(tick);
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

export async function editorPanFrames(page: Page, itemId: string): Promise<Frames> {
  await editorOpenMs(page, itemId);
  return dragFrames(page, '[data-testid="editor-canvas"]', 'middle');
}

export async function konvaPanFrames(page: Page, itemId: string, konvaSource: string): Promise<Frames> {
  await page.route(`**${baselinePath}`, (route) => route.fulfill({ contentType: 'text/html', body: baselineHtml(itemId, konvaSource) }));
  try {
    await page.goto(baselinePath);
    await untilIdle(page, '__plainReady');
    return await dragFrames(page, '#stage', 'left');
  } finally {
    await page.unroute(`**${baselinePath}`);
  }
}
