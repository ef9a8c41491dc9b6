import { describe, expect, it } from 'vitest';
import { boxFromDrag, handlePoints, meetsMinSize, moveShape, ratioOf, resizeBox, shapeBounds } from './geometry';

const free = { minSize: 3 };
const wide = { aspectRatio: '2:1', minSize: 3 };

describe('geometry', () => {
  describe(ratioOf.name, () => {
    it('reads width over height, or null without a ratio', () => {
      expect(ratioOf('2:1')).toBe(2);
      expect(ratioOf(undefined)).toBeNull();
    });
  });

  describe(boxFromDrag.name, () => {
    it('spans the drag whichever way it went', () => {
      expect(boxFromDrag({ x: 50, y: 40 }, { x: 10, y: 20 }, free)).toEqual({ type: 'box', x: 10, y: 20, width: 40, height: 20 });
    });
    it('keeps the tool aspect ratio by growing the shorter side', () => {
      expect(boxFromDrag({ x: 0, y: 0 }, { x: 40, y: 40 }, wide)).toEqual({ type: 'box', x: 0, y: 0, width: 80, height: 40 });
      expect(boxFromDrag({ x: 100, y: 100 }, { x: 40, y: 90 }, wide)).toEqual({ type: 'box', x: 40, y: 70, width: 60, height: 30 });
    });
  });

  describe(meetsMinSize.name, () => {
    it('refuses a box thinner than the minimum on either side', () => {
      expect(meetsMinSize({ x: 0, y: 0, width: 10, height: 2 }, free)).toBe(false);
      expect(meetsMinSize({ x: 0, y: 0, width: 10, height: 3 }, free)).toBe(true);
    });
  });

  describe(resizeBox.name, () => {
    const box = { type: 'box' as const, x: 10, y: 10, width: 40, height: 20 };
    it('keeps the opposite corner where it is', () => {
      expect(resizeBox(box, 'se', { x: 70, y: 50 }, free)).toEqual({ type: 'box', x: 10, y: 10, width: 60, height: 40 });
      expect(resizeBox(box, 'nw', { x: 0, y: 0 }, free)).toEqual({ type: 'box', x: 0, y: 0, width: 50, height: 30 });
    });
    it('moves one side with a side handle', () => {
      expect(resizeBox(box, 'e', { x: 90, y: 999 }, free)).toEqual({ ...box, width: 80 });
      expect(resizeBox(box, 'n', { x: 999, y: 0 }, free)).toEqual({ ...box, y: 0, height: 30 });
    });
    it('flips past the opposite side instead of turning negative', () => {
      expect(resizeBox(box, 'e', { x: 0, y: 0 }, free)).toEqual({ ...box, x: 0, width: 10 });
    });
    it('keeps the ratio on a corner and on a side', () => {
      const r = resizeBox({ type: 'box', x: 0, y: 0, width: 40, height: 20 }, 'se', { x: 100, y: 20 }, wide);
      expect(r.width / r.height).toBeCloseTo(2);
      const side = resizeBox({ type: 'box', x: 0, y: 0, width: 40, height: 20 }, 'e', { x: 80, y: 0 }, wide);
      expect(side).toEqual({ type: 'box', x: 0, y: -10, width: 80, height: 40 });
    });
    it('never shrinks below the minimum size', () => {
      const r = resizeBox(box, 'se', { x: 11, y: 11 }, { minSize: 5 });
      expect(r.width).toBeGreaterThanOrEqual(5);
      expect(r.height).toBeGreaterThanOrEqual(5);
      const ratioed = resizeBox(box, 'se', { x: 11, y: 11 }, { aspectRatio: '2:1', minSize: 5 });
      expect(ratioed.height).toBeGreaterThanOrEqual(5);
      expect(ratioed.width / ratioed.height).toBeCloseTo(2);
    });
  });

  describe(handlePoints.name, () => {
    it('places eight handles on the corners and the middles of the sides', () => {
      const h = handlePoints({ x: 0, y: 0, width: 10, height: 20 });
      expect(h.se).toEqual({ x: 10, y: 20 });
      expect(h.w).toEqual({ x: 0, y: 10 });
    });
  });

  describe(moveShape.name, () => {
    it('moves every point of a path', () => {
      expect(moveShape({ type: 'line', points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }, 2, 3).points).toEqual([{ x: 2, y: 3 }, { x: 3, y: 4 }]);
    });
  });

  describe(shapeBounds.name, () => {
    it('bounds a polygon', () => {
      expect(shapeBounds({ type: 'polygon', points: [{ x: 5, y: 1 }, { x: 9, y: 7 }, { x: 2, y: 4 }] })).toEqual({ x: 2, y: 1, width: 7, height: 6 });
    });
  });
});
