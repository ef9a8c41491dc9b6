import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeup } from './wakeup';

describe('Wakeup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** How long a rest lasted on the fake clock, ringing after `ringAfterMs` when given. */
  const restedFor = async (rest: Promise<void>, ring?: { wakeup: Wakeup; afterMs: number }) => {
    const started = Date.now();
    let done = false;
    void rest.then(() => (done = true));
    if (ring) {
      await vi.advanceTimersByTimeAsync(ring.afterMs);
      ring.wakeup.ring();
    }
    await Promise.resolve();
    while (!done) await vi.advanceTimersByTimeAsync(10);
    return Date.now() - started;
  };

  it('rests long while nothing is written, or as long as asked', async () => {
    const wakeup = new Wakeup(1000);
    expect(await restedFor(wakeup.rest(wakeup.seen))).toBe(1000);
    expect(await restedFor(wakeup.rest(wakeup.seen, 30))).toBe(30);
  });

  it('ends a rest at the ring', async () => {
    const wakeup = new Wakeup(1000);
    expect(await restedFor(wakeup.rest(wakeup.seen), { wakeup, afterMs: 300 })).toBe(300);
  });

  it('does not rest at all after a ring that came while the loop was polling', async () => {
    const wakeup = new Wakeup(1000);
    const seen = wakeup.seen;
    wakeup.ring();
    expect(await restedFor(wakeup.rest(seen))).toBe(0);
    expect(await restedFor(wakeup.rest(wakeup.seen))).toBe(1000);
  });

  it('wakes every loop resting on it', async () => {
    const wakeup = new Wakeup(1000);
    const started = Date.now();
    const woken: number[] = [];
    const rests = [1, 2, 3].map((loop) => wakeup.rest(wakeup.seen).then(() => woken.push(loop)));
    await vi.advanceTimersByTimeAsync(50);
    wakeup.ring();
    await Promise.all(rests);
    expect(woken.sort()).toEqual([1, 2, 3]);
    expect(Date.now() - started).toBe(50);
  });
});
