import { describe, expect, it } from 'vitest';
import { bucketOf, costOf, perHour, rateOf } from './statistics.buckets';

describe('bucketOf', () => {
  it('floors an instant to its 15-minute UTC bucket', () => {
    expect(bucketOf('2025-01-01T23:44:59.999999Z')).toBe('2025-01-01T23:30:00.000Z');
    expect(bucketOf('2025-01-01T23:45:00Z')).toBe('2025-01-01T23:45:00.000Z');
  });

  it('reads offsets, so the same moment lands in the same bucket however it is written', () => {
    expect(bucketOf('2025-01-02T05:50:00+05:45')).toBe(bucketOf('2025-01-02T00:05:00Z'));
  });

  it('refuses what is not an instant', () => {
    expect(() => bucketOf('yesterday')).toThrow();
  });
});

describe('rateOf', () => {
  it('has no rate when nothing was judged', () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(3, 4)).toBe(0.75);
  });
});

describe('perHour', () => {
  it('gives objects per hour of claimed time', () => {
    expect(perHour(30, 30 * 60_000)).toBe(60);
    expect(perHour(5, 0)).toBeNull();
  });
});

describe('costOf', () => {
  it('multiplies once and rounds to the fen', () => {
    expect(costOf(0.35, 3)).toBe(1.05);
    expect(costOf(0.1, 7)).toBe(0.7);
  });
});
