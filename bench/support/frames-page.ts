// What the frame-switch benchmark measures inside the console's page in Chromium: the next-frame key pressed on a
// sequence in the editor, each press timed until the sequence stage shows that frame and a paint has followed; beside
// a plain canvas in the same page that fetches the same frames' media, decodes them and draws them, timed the same
// way. Both sides fetch and decode the frames after the one shown before they are asked for.
/// <reference lib="dom" />
import type { Page } from 'playwright-core';

interface Recorder {
  /** The next-frame key's presses, by their events' time stamps. */
  presses: number[];
  /** Each frame the stage showed, with the time of the task after the paint that followed. */
  shown: { frame: number; at: number }[];
}
type Recording = Window & { __frameSwitches: Recorder };

/** Starts recording afresh; answers the frame on the stage now. */
function record(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as Recording & { __frameObserved?: boolean };
    w.__frameSwitches = { presses: [], shown: [] };
    if (!w.__frameObserved) {
      w.__frameObserved = true;
      // The event's own time stamp: when the key came in, before any handler ran.
      addEventListener('keydown', (e) => e.key === '.' && !e.ctrlKey && w.__frameSwitches.presses.push(e.timeStamp), { capture: true });
      new MutationObserver(() => {
        const frame = Number(document.querySelector<HTMLElement>('[data-frame]')?.dataset.frame);
        const into = w.__frameSwitches;
        // The canvas draws on the animation frame after the change; the task after it runs once that frame is painted.
        requestAnimationFrame(() => setTimeout(() => into.shown.push({ frame, at: performance.now() }), 0));
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-frame'] });
    }
    const stage = document.querySelector<HTMLElement>('[data-frame]');
    if (!stage) throw new Error('no frame on the sequence stage');
    return Number(stage.dataset.frame);
  });
}

const until = (page: Page, frame: number) => page.waitForFunction((f) => (window as unknown as Recording).__frameSwitches.shown.some((s) => s.frame >= f), frame);

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

/**
 * The key held down from the frame on the stage for `presses` frames, repeating every `intervalMs` but never before the
 * frame of the press before is on screen: each switch is timed on its own, as the baseline's is. Answers each press's
 * milliseconds from its key event until its frame was shown and painted.
 */
export async function switchFrames(page: Page, presses: number, intervalMs: number): Promise<number[]> {
  const from = await record(page);
  for (let k = 1; k <= presses; k++) {
    const due = Date.now() + intervalMs;
    await page.keyboard.down('.');
    await until(page, from + k);
    await sleepUntil(due);
  }
  await page.keyboard.up('.');
  return page.evaluate(
    ([first, count]) => {
      const { presses: pressed, shown } = (window as unknown as Recording).__frameSwitches;
      if (pressed.length !== count) throw new Error(`${pressed.length} key presses reached the page of ${count}`);
      return pressed.map((at, i) => shown.find((s) => s.frame >= first + i + 1 && s.at >= at)!.at - at);
    },
    [from, presses] as const,
  );
}

/**
 * The key held down from the frame on the stage for `presses` frames at a keyboard's repeat of one every `intervalMs`,
 * whatever the page shows; answers the frames the stage showed per second from the first press until the last frame.
 */
export async function holdNextFrame(page: Page, presses: number, intervalMs: number): Promise<{ shownPerSecond: number; shown: number }> {
  const from = await record(page);
  const start = Date.now();
  for (let k = 1; k <= presses; k++) {
    await page.keyboard.down('.');
    await sleepUntil(start + k * intervalMs);
  }
  await page.keyboard.up('.');
  await until(page, from + presses);
  return page.evaluate(() => {
    const { presses: pressed, shown } = (window as unknown as Recording).__frameSwitches;
    const seconds = (shown[shown.length - 1].at - pressed[0]) / 1000;
    return { shownPerSecond: shown.length / seconds, shown: shown.length };
  });
}

/** Goes to a frame through the timeline's frame field, as a person types it. */
export async function goToFrame(page: Page, frame: number): Promise<void> {
  const input = page.getByRole('spinbutton', { name: 'Frame', exact: true });
  await input.fill(String(frame));
  await input.blur();
  await page.locator(`[data-frame="${frame}"]`).waitFor();
}

type PlainWindow = Window & { __plainFrames?: Map<number, Promise<ImageBitmap>> };

/**
 * One frame by hand on a plain canvas of the image's size over the page, until it is drawn and painted: the frame and
 * the `ahead` after it fetched and decoded unless they are already, as the editor's frame cache does, so a switch to
 * a frame decoded ahead only draws it.
 */
export function plainFrameMs(page: Page, itemId: string, index: number, sequence: { frameCount: number; ahead: number }): Promise<number> {
  return page.evaluate(
    async ([id, i, frameCount, ahead]) => {
      let canvas = document.getElementById('plain-frame') as HTMLCanvasElement | null;
      if (!canvas) {
        canvas = document.createElement('canvas');
        canvas.id = 'plain-frame';
        canvas.style.cssText = 'position:fixed;inset:0;z-index:100000;background:#fff;max-width:100%;max-height:100%';
        document.body.append(canvas);
      }
      const w = window as PlainWindow;
      const decoded = (w.__plainFrames ??= new Map());
      const begun = performance.now();
      for (let k = i; k <= Math.min(frameCount - 1, i + ahead); k++) {
        if (decoded.has(k)) continue;
        const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
        decoded.set(k, fetch(`/manage/items/${id}/frames/${k}/media`, { headers, cache: 'no-store' }).then(async (response) => createImageBitmap(await response.blob())));
      }
      const bitmap = await decoded.get(i)!;
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) Object.assign(canvas, { width: bitmap.width, height: bitmap.height });
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const took = performance.now() - begun;
      // Only forward from here: a frame drawn is let go.
      decoded.delete(i);
      bitmap.close();
      return took;
    },
    [itemId, index, sequence.frameCount, sequence.ahead] as const,
  );
}

/**
 * Frames 1 to `presses` on the plain canvas (frame 0 shown before), one every `intervalMs` but never before the one
 * before it is painted, as `switchFrames` presses the editor's key; answers each switch's milliseconds.
 */
export async function plainSwitchFrames(page: Page, itemId: string, presses: number, intervalMs: number, sequence: { frameCount: number; ahead: number }): Promise<number[]> {
  const times: number[] = [];
  for (let k = 1; k <= presses; k++) {
    const due = Date.now() + intervalMs;
    times.push(await plainFrameMs(page, itemId, k, sequence));
    await sleepUntil(due);
  }
  return times;
}

export async function closePlainFrame(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as PlainWindow;
    for (const frame of w.__plainFrames?.values() ?? []) (await frame).close();
    delete w.__plainFrames;
    document.getElementById('plain-frame')?.remove();
  });
}
