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

  it('holds out none at 0% and all at 100%', () => {
    expect(items.some((id) => inControlGroup(7, id, 0))).toBe(false);
    expect(items.every((id) => inControlGroup(7, id, 100))).toBe(true);
  });
});
