import { describe, expect, it } from 'vitest';
import { createFrameCache } from './frame-cache';

/** A stand-in for a decoded frame: jsdom decodes no images; it tells which frame it is and whether it was closed. */
class Bitmap {
  closed = false;
  constructor(readonly index: number) {}
  close() {
    this.closed = true;
  }
}

function cacheOf(frameCount: number) {
  const asked: number[] = [];
  const cache = createFrameCache({
    frameCount,
    ahead: 3,
    behind: 1,
    load: async (index) => {
      asked.push(index);
      return new Blob([String(index)]);
    },
    decode: async (blob) => new Bitmap(Number(await blob.text())) as unknown as ImageBitmap,
  });
  return { cache, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(createFrameCache.name, () => {
  it('decodes the frame on screen and the next ones before they are shown, each once', async () => {
    const { cache, asked } = cacheOf(30);
    cache.around(0);
    await settle();
    expect(asked).toEqual([0, 1, 2, 3]);
    expect((cache.peek(3) as unknown as Bitmap).index).toBe(3);
    cache.around(1);
    await settle();
    expect(asked).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops at the last frame', async () => {
    const { cache, asked } = cacheOf(3);
    cache.around(1);
    await settle();
    expect(asked).toEqual([1, 2]);
  });

  it('lets go of frames far behind, but keeps the one on the canvas open until another is drawn', async () => {
    const { cache } = cacheOf(30);
    cache.around(0);
    await settle();
    const first = cache.peek(0) as unknown as Bitmap;
    const second = cache.peek(1) as unknown as Bitmap;
    cache.showing(first as unknown as ImageBitmap);
    cache.around(20);
    expect(cache.peek(0)).toBeNull();
    expect(first.closed).toBe(false);
    expect(second.closed).toBe(true);
    await settle();
    cache.showing(cache.peek(20));
    expect(first.closed).toBe(true);
  });

  it('tries a frame that failed again when next asked for', async () => {
    let fail = true;
    const cache = createFrameCache({
      frameCount: 2,
      load: async () => {
        if (fail) throw new Error('offline');
        return new Blob(['0']);
      },
      decode: async () => new Bitmap(0) as unknown as ImageBitmap,
    });
    await expect(cache.get(0)).rejects.toThrow('offline');
    fail = false;
    await expect(cache.get(0)).resolves.toBeInstanceOf(Bitmap);
  });
});

describe('a held key outrunning the decoding', () => {
  /** A cache whose frames decode only when the test lets them, as a slow network and decoder would. */
  function slowCache(frameCount: number) {
    const waiting = new Map<number, () => void>();
    const cache = createFrameCache({
      frameCount,
      ahead: 2,
      behind: 1,
      load: (index) => new Promise<Blob>((resolve) => waiting.set(index, () => resolve(new Blob([String(index)])))),
      decode: async (blob) => new Bitmap(Number(await blob.text())) as unknown as ImageBitmap,
    });
    const arrive = async (index: number) => {
      waiting.get(index)!();
      await settle();
    };
    return { cache, arrive };
  }

  it('keeps decoding the frames the key passed, and skips to the newest one reached', async () => {
    const { cache, arrive } = slowCache(40);
    cache.around(0);
    await arrive(0);
    expect(cache.reached(null, 0)).toBe(0);
    // The key runs on to frame 12 while nothing after frame 0 has arrived.
    for (let frame = 1; frame <= 12; frame++) cache.around(frame, 0);
    expect(cache.reached(0, 12)).toBeNull();
    // Frames 3 and 5, asked for on the way, arrive: the newest reached is 5, not the chosen 12 nor the older 3.
    await arrive(3);
    await arrive(5);
    expect(cache.reached(0, 12)).toBe(5);
    // The canvas takes frame 5 before it says it shows it: the next step keeps it open all the same.
    const fifth = cache.peek(5) as unknown as Bitmap;
    cache.around(13, 5);
    expect(cache.peek(3)).toBeNull();
    expect(fifth.closed).toBe(false);
    // Once the chosen frame itself arrives, it is the one.
    await arrive(13);
    expect(cache.reached(5, 13)).toBe(13);
  });

  it('tells when any frame is decoded, so the canvas can move on', async () => {
    const { cache, arrive } = slowCache(10);
    const decoded: number[] = [];
    cache.subscribe((index) => decoded.push(index));
    cache.around(0);
    await arrive(1);
    await arrive(0);
    expect(decoded).toEqual([1, 0]);
  });
});
