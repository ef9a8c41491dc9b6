import { describe, expect, it } from 'vitest';
import { deleteVertex, edgeMidpoints, flatPoints, insertVertex, moveVertex } from './vertices';

const square = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];

describe('vertices', () => {
  describe(insertVertex.name, () => {
    it('puts the new point after the given vertex', () => {
      expect(insertVertex(square, 0, { x: 5, y: 0 })[1]).toEqual({ x: 5, y: 0 });
      expect(insertVertex(square, 3, { x: 0, y: 5 })).toHaveLength(5);
    });
  });

  describe(deleteVertex.name, () => {
    it('removes a vertex', () => {
      expect(deleteVertex(square, 1, 'polygon')).toEqual([square[0], square[2], square[3]]);
    });
    it('keeps the fewest points the template needs', () => {
      expect(deleteVertex(square.slice(0, 3), 0, 'polygon')).toHaveLength(3);
      expect(deleteVertex(square.slice(0, 2), 0, 'line')).toHaveLength(2);
    });
  });

  describe(moveVertex.name, () => {
    it('moves only that vertex', () => {
      expect(moveVertex(square, 2, { x: 20, y: 20 })).toEqual([square[0], square[1], { x: 20, y: 20 }, square[3]]);
    });
  });

  describe(edgeMidpoints.name, () => {
    it('offers the closing edge of a polygon but not of a line', () => {
      expect(edgeMidpoints(square, true)).toHaveLength(4);
      expect(edgeMidpoints(square, true)[3]).toEqual({ after: 3, point: { x: 0, y: 5 } });
      expect(edgeMidpoints(square, false)).toHaveLength(3);
    });
  });

  describe(flatPoints.name, () => {
    it('flattens for Konva', () => {
      expect(flatPoints(square.slice(0, 2))).toEqual([0, 0, 10, 0]);
    });
  });
});
