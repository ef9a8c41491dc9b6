import { describe, expect, it } from 'vitest';
import { sampleSizeFor, wilsonInterval } from './confidence';

describe(wilsonInterval.name, () => {
  it.each([
    [8, 10, 0.4902, 0.9433],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [95, 100, 0.8882, 0.9785],
    [1, 2, 0.0945, 0.9055],
  ])('%i of %i passed lies between %f and %f', (passed, judged, low, high) => {
    const interval = wilsonInterval(passed, judged);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });
  it('knows nothing before anything is judged', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe(sampleSizeFor.name, () => {
  it.each([
    [100, 0.05, 80],
    [1000, 0.05, 278],
    [10_000, 0.05, 370],
    [1_000_000, 0.05, 384],
    [1000, 0.03, 517],
    [500, 0.1, 81],
  ])('%i items at ±%f need %i', (screening, margin, size) => {
    expect(sampleSizeFor(screening, margin)).toBe(size);
  });
  it('needs fewer items when the pass rate is expected near the top', () => {
    expect(sampleSizeFor(1000, 0.05, 0.95)).toBe(69);
  });
  it('never asks for more than the scope or for nothing from a non-empty scope', () => {
    expect(sampleSizeFor(20, 0.01)).toBe(20);
    expect(sampleSizeFor(0, 0.05)).toBe(0);
    expect(sampleSizeFor(5, 0.99)).toBe(1);
  });
  it('refuses a margin outside 0..1', () => {
    expect(() => sampleSizeFor(100, 0)).toThrow(RangeError);
    expect(() => sampleSizeFor(100, 1)).toThrow(RangeError);
  });
});
