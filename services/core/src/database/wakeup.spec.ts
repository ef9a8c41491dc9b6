import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeup } from './wakeup';

describe('Wakeup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const restedFor = async (wakeup: Wakeup, quickMs: number, ringAfterMs?: number) => {
    const started = Date.now();
    let done = false;
    const rest = wakeup.rest(quickMs).then(() => (done = true));
    if (ringAfterMs !== undefined) {
      await vi.advanceTimersByTimeAsync(ringAfterMs);
      wakeup.ring();
    }
    // Ten milliseconds at a time until the rest ends: a rest that ends at a ring ends without time passing.
    await Promise.resolve();
    while (!done) await vi.advanceTimersByTimeAsync(10);
    await rest;
    return Date.now() - started;
  };

  it('rests long while nothing is written', async () => {
    expect(await restedFor(new Wakeup({ restMs: 1000, quickForMs: 500 }), 25)).toBe(1000);
  });

  it('ends a rest at the ring', async () => {
    expect(await restedFor(new Wakeup({ restMs: 1000, quickForMs: 500 }), 25, 300)).toBe(300);
  });

  it('keeps the quick pace for a while after a ring, then rests long again', async () => {
    const wakeup = new Wakeup({ restMs: 1000, quickForMs: 500 });
    wakeup.ring();
    expect(await restedFor(wakeup, 25)).toBe(30);
    await vi.advanceTimersByTimeAsync(500);
    expect(await restedFor(wakeup, 25)).toBe(1000);
  });

  it('wakes every loop resting on it', async () => {
    const wakeup = new Wakeup({ restMs: 1000, quickForMs: 500 });
    const started = Date.now();
    const woken: number[] = [];
    const rests = [1, 2, 3].map((loop) => wakeup.rest(200).then(() => woken.push(loop)));
    await vi.advanceTimersByTimeAsync(50);
    wakeup.ring();
    await Promise.all(rests);
    expect(woken.sort()).toEqual([1, 2, 3]);
    expect(Date.now() - started).toBe(50);
  });
});
