import { describe, expect, it } from 'vitest';
import { compareObjects, groupEffect, iou, meanInterval } from './algorithm-effect';

const car = (x: number, y: number, w = 40, h = 20) => ({ className: 'Vehicle', box: [x, y, w, h] as const });

describe('iou', () => {
  it('is 1 for the same box, 0 apart, and a third for half-overlapping equal boxes', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [20, 20, 5, 5])).toBe(0);
    expect(iou([0, 0, 10, 10], [5, 0, 10, 10])).toBeCloseTo(1 / 3);
  });
});

describe('compareObjects', () => {
  it('counts a box left alone as kept, a moved one as edited, a removed one as deleted and a new one as added', () => {
    const model = [car(10, 10), car(100, 10), car(200, 10)];
    const submitted = [car(10, 10), car(104, 12), car(300, 50)];
    expect(compareObjects(model, submitted)).toEqual({ kept: 1, edited: 1, deleted: 1, added: 1 });
  });

  it('does not match objects of different classes however they overlap', () => {
    expect(compareObjects([car(0, 0)], [{ className: 'Pedestrian', box: [0, 0, 40, 20] }])).toEqual({ kept: 0, edited: 0, deleted: 1, added: 1 });
  });

  it('gives each submitted object to one model object only, the best overlap first', () => {
    expect(compareObjects([car(0, 0), car(1, 0)], [car(1, 0)])).toEqual({ kept: 1, edited: 0, deleted: 1, added: 0 });
  });
});

describe('meanInterval', () => {
  it('is the mean ± 1.96 standard errors', () => {
    const { mean, low, high } = meanInterval([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(mean).toBe(5);
    const half = (1.959963984540054 * Math.sqrt(32 / 7)) / Math.sqrt(8);
    expect(low).toBeCloseTo(5 - half);
    expect(high).toBeCloseTo(5 + half);
  });

  it('has no mean without values', () => expect(meanInterval([]).mean).toBeNull());

  it('stops at the lowest value a measure can take', () => {
    expect(meanInterval([0, 0, 0, 3], 0).low).toBe(0);
    expect(meanInterval([0, 0, 0, 3]).low).toBeLessThan(0);
  });
});

describe('groupEffect', () => {
  it('averages the changes per item and rates the inspected ones', () => {
    const effect = groupEffect([
      { kept: 2, edited: 0, deleted: 0, added: 1, annotationMs: 30_000, passed: true },
      { kept: 0, edited: 2, deleted: 1, added: 1, annotationMs: 60_000, passed: false },
      { kept: 1, edited: 1, deleted: 0, added: 1, annotationMs: 90_000, passed: null },
    ]);
    expect(effect.items).toBe(3);
    expect(effect.kept.mean).toBe(1);
    expect(effect.added.mean).toBe(1);
    expect(effect.annotationSeconds.mean).toBe(60);
    expect(effect.inspected).toBe(2);
    expect(effect.passRate.rate).toBe(0.5);
    expect(effect.passRate.low).toBeGreaterThan(0);
    expect(effect.passRate.high).toBeLessThan(1);
  });
});
