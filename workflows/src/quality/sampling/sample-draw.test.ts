import { describe, expect, it } from 'vitest';
import { allocateSample, drawSample, seededRandom } from './sample-draw';

/** `counts[a]` items annotated by annotator `a`, with ids that sort in a scrambled order. */
function scope(counts: Record<string, number>) {
  return Object.entries(counts).flatMap(([annotatorId, n]) =>
    Array.from({ length: n }, (_, i) => ({ itemId: `${((i * 7919) % 1000).toString().padStart(3, '0')}-${annotatorId}-${i}`, annotatorId, resultVersion: 1 })),
  );
}
const ids = (items: { itemId: string }[]) => items.map((i) => i.itemId);

describe(drawSample.name, () => {
  it('draws the same sample from the same seed, whatever the order of the items', () => {
    const items = scope({ a: 40, b: 25, c: 10 });
    const first = drawSample(items, 15, 42);
    expect(drawSample([...items].reverse(), 15, 42)).toEqual(first);
    expect(ids(first.sample)).toHaveLength(15);
    expect(new Set(ids(first.sample)).size).toBe(15);
  });

  it('draws different samples from different seeds', () => {
    const items = scope({ a: 40, b: 25, c: 10 });
    const samples = new Set([1, 2, 3, 4, 5].map((seed) => ids(drawSample(items, 15, seed).sample).join()));
    expect(samples.size).toBe(5);
  });

  it('samples every annotator in scope, even one with a single item in a large scope', () => {
    const items = scope({ a: 500, b: 300, c: 1 });
    for (let seed = 0; seed < 50; seed++) {
      const { sample, strata } = drawSample(items, 10, seed);
      expect(new Set(sample.map((i) => i.annotatorId))).toEqual(new Set(['a', 'b', 'c']));
      expect(strata.map((s) => s.sampled)).toEqual(['a', 'b', 'c'].map((a) => sample.filter((i) => i.annotatorId === a).length));
    }
  });

  it('gives each annotator their share of the sample within one item, once every share is at least one item', () => {
    const counts = { a: 170, b: 95, c: 60, d: 33, e: 12 };
    const total = 370;
    for (const size of [31, 40, 99, 250, 369]) {
      const { strata } = drawSample(scope(counts), size, size);
      expect(strata.reduce((n, s) => n + s.sampled, 0)).toBe(size);
      for (const s of strata) expect(Math.abs(s.sampled - (size * s.inScope) / total)).toBeLessThan(1);
    }
  });

  it('reports each stratum with its count in scope and in the sample', () => {
    expect(drawSample(scope({ b: 3, a: 6 }), 3, 7).strata).toEqual([
      { annotatorId: 'a', inScope: 6, sampled: 2 },
      { annotatorId: 'b', inScope: 3, sampled: 1 },
    ]);
  });

  it('draws each item of a stratum about equally often over many seeds', () => {
    const items = scope({ a: 10 });
    const hits = new Map<string, number>();
    for (let seed = 0; seed < 2000; seed++) for (const id of ids(drawSample(items, 3, seed).sample)) hits.set(id, (hits.get(id) ?? 0) + 1);
    // Each of the ten is expected 600 times; ±15% is about five standard deviations.
    for (const id of ids(items)) expect(Math.abs(hits.get(id)! - 600)).toBeLessThan(90);
  });

  it('takes the whole scope when the sample is as large as it', () => {
    const items = scope({ a: 4, b: 2 });
    expect(ids(drawSample(items, 6, 1).sample)).toEqual(ids(items).sort());
  });

  it('refuses a size of zero or more than the scope holds', () => {
    expect(() => drawSample(scope({ a: 3 }), 0, 1)).toThrow(RangeError);
    expect(() => drawSample(scope({ a: 3 }), 4, 1)).toThrow(RangeError);
  });
});

describe(allocateSample.name, () => {
  it('splits by largest remainder', () => {
    expect(allocateSample([50, 30, 20], 10, [0, 1, 2])).toEqual([5, 3, 2]);
    expect(allocateSample([47, 33, 20], 7, [0, 1, 2])).toEqual([3, 2, 2]);
  });
  it('gives everyone one first and takes the excess from the strata furthest above their quota', () => {
    expect(allocateSample([96, 1, 1, 1, 1], 5, [0, 1, 2, 3, 4])).toEqual([1, 1, 1, 1, 1]);
    expect(allocateSample([90, 8, 1, 1], 10, [0, 1, 2, 3])).toEqual([7, 1, 1, 1]);
  });
  it('breaks ties by rank, and leaves some strata out when the sample is smaller than their number', () => {
    expect(allocateSample([1, 1, 1], 2, [2, 0, 1])).toEqual([0, 1, 1]);
    expect(allocateSample([1, 1, 1], 2, [0, 2, 1])).toEqual([1, 0, 1]);
  });
});

describe(seededRandom.name, () => {
  it('repeats its sequence for a seed and stays within 0..1', () => {
    const a = seededRandom(123);
    const b = seededRandom(123);
    const values = Array.from({ length: 100 }, () => a());
    expect(values).toEqual(Array.from({ length: 100 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(seededRandom(124)()).not.toBe(values[0]);
  });
});
