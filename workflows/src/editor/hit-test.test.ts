import { describe, expect, it } from 'vitest';
import type { Shape } from '../items/result.schema';
import { hitShape, insideMarquee, pointInPolygon, topmostHit } from './hit-test';

const triangle = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 0, y: 100 },
];

describe('hit testing', () => {
  describe(pointInPolygon.name, () => {
    it('tells inside from outside', () => {
      expect(pointInPolygon({ x: 10, y: 10 }, triangle)).toBe(true);
      expect(pointInPolygon({ x: 80, y: 80 }, triangle)).toBe(false);
    });
  });

  describe(hitShape.name, () => {
    it('hits inside a box and within the tolerance of its edge', () => {
      const box: Shape = { type: 'box', x: 10, y: 10, width: 20, height: 20 };
      expect(hitShape(box, { x: 15, y: 15 }, 2)).toBe(true);
      expect(hitShape(box, { x: 31, y: 15 }, 2)).toBe(true);
      expect(hitShape(box, { x: 40, y: 15 }, 2)).toBe(false);
    });
    it('hits a line only near it', () => {
      const line: Shape = { type: 'line', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }] };
      expect(hitShape(line, { x: 50, y: 3 }, 4)).toBe(true);
      expect(hitShape(line, { x: 50, y: 10 }, 4)).toBe(false);
    });
    it('hits a point within the tolerance', () => {
      expect(hitShape({ type: 'point', x: 5, y: 5 }, { x: 7, y: 5 }, 3)).toBe(true);
    });
    it('hits a curve along its smooth path', () => {
      const curve: Shape = { type: 'curve', points: [{ x: 0, y: 0 }, { x: 50, y: 50 }, { x: 100, y: 0 }] };
      expect(hitShape(curve, { x: 50, y: 50 }, 2)).toBe(true);
      expect(hitShape(curve, { x: 50, y: 0 }, 2)).toBe(false);
    });
  });

  describe(topmostHit.name, () => {
    it('answers the last drawn of overlapping objects', () => {
      const objects = [
        { id: 'under', shape: { type: 'box', x: 0, y: 0, width: 50, height: 50 } as Shape },
        { id: 'over', shape: { type: 'box', x: 10, y: 10, width: 50, height: 50 } as Shape },
      ];
      expect(topmostHit(objects, { x: 20, y: 20 }, 1)?.id).toBe('over');
      expect(topmostHit(objects, { x: 5, y: 5 }, 1)?.id).toBe('under');
      expect(topmostHit(objects, { x: 90, y: 90 }, 1)).toBeNull();
    });
  });

  describe(insideMarquee.name, () => {
    it('takes the objects the marquee touches', () => {
      const objects = [
        { id: 'a', shape: { type: 'point', x: 5, y: 5 } as Shape },
        { id: 'b', shape: { type: 'polygon', points: triangle } as Shape },
        { id: 'c', shape: { type: 'point', x: 500, y: 500 } as Shape },
      ];
      expect(insideMarquee(objects, { x: 0, y: 0, width: 10, height: 10 }).map((o) => o.id)).toEqual(['a', 'b']);
    });
  });
});
