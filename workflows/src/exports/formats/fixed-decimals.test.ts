import { describe, expect, it } from 'vitest';
import { toFixed } from './fixed-decimals';

/** A small seeded generator, so a failure names values that come again on the next run. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('toFixed', () => {
  it('writes what Number.prototype.toFixed writes for normalized coordinates, pixels and scores', () => {
    const next = randomNumbers(31);
    const differing: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const value = [next(), next() * 4000, next() * 1e-3, Math.round(next() * 1e6) / 1e6][i % 4];
      for (const digits of [0, 2, 6]) if (toFixed(value, digits) !== value.toFixed(digits)) differing.push(`${value}@${digits}`);
    }
    expect(differing).toEqual([]);
  });

  it('rounds halves, near-halves, negatives, zeros and numbers past its fast range as toFixed does', () => {
    const values = [0, -0, 1, 0.5, 1.5, 2.5, 0.125, 0.0000005, 0.0000015, 0.9999995, 0.99999949999, 1.0000005, 123.4567895, 1e-7, -1e-9, -0.25, -3.14159, 2 ** 31, 1e12 + 0.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    for (const value of values) for (const digits of [0, 1, 2, 6, 9]) expect(`${value}@${digits}:${toFixed(value, digits)}`).toBe(`${value}@${digits}:${value.toFixed(digits)}`);
  });
});
