import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inControlGroup } from './control-group';

describe('inControlGroup', () => {
  const items = Array.from({ length: 4000 }, () => randomUUID());

  it('holds out about the ratio of items: 20% of 4000 within four standard deviations', () => {
    const held = items.filter((id) => inControlGroup(1234, id, 20)).length;
    expect(Math.abs(held - 800)).toBeLessThan(4 * Math.sqrt(4000 * 0.2 * 0.8));
  });

  it('draws the same group again from the stored seed, in any order', () => {
    const first = items.filter((id) => inControlGroup(99, id, 30));
    const again = [...items].reverse().filter((id) => inControlGroup(99, id, 30)).reverse();
    expect(again).toEqual(first);
  });

  it('draws another group from another seed', () => {
    const a = items.filter((id) => inControlGroup(1, id, 50));
    const b = items.filter((id) => inControlGroup(2, id, 50));
    expect(a).not.toEqual(b);
  });

  it('draws each item by FNV-1a of its id from the seed, then the first number of mulberry32: values worked out by hand', () => {
    // Worked out apart from this code, from the two definitions: with seed 42 these ids hash to ba1bb824, bd1bbcdd,
    // bc1bbb4a, b71bb36b, b61bb1d8, b91bb691, b81bb4fe and b31bad1f, which draw 0.2454, 0.9645, 0.5966, 0.7436,
    // 0.4021, 0.2110, 0.6485 and 0.7844.
    const ids = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
    expect(ids.filter((id) => inControlGroup(42, id, 50))).toEqual([ids[0], ids[4], ids[5]]);
    expect(ids.filter((id) => inControlGroup(42, id, 25))).toEqual([ids[0], ids[5]]);
    // The first draws 0.24545: held out at 24.6%, not at 24.5%.
    expect(inControlGroup(42, ids[0], 24.6)).toBe(true);
    expect(inControlGroup(42, ids[0], 24.5)).toBe(false);
  });

  it('holds out none at 0% and all at 100%', () => {
    expect(items.some((id) => inControlGroup(7, id, 0))).toBe(false);
    expect(items.every((id) => inControlGroup(7, id, 100))).toBe(true);
  });
});
