import { describe, expect, it } from 'vitest';
import { frameAttributesAt, shapeAt, wrapAngle } from './interpolation';
import type { Keyframe, Shape } from './result.schema';

const key = (frame: number, shape: Shape | null, over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes: {}, outside: false, source: 'drawn', ...over });
const box = (x: number, y: number, width: number, height: number): Shape => ({ type: 'box', x, y, width, height });
const degrees = (d: number) => (d * Math.PI) / 180;
const path = (type: 'polygon' | 'line' | 'curve', ...xy: number[][]): Shape => ({ type, points: xy.map(([x, y]) => ({ x, y })) });

describe('shapeAt', () => {
  it('gives a keyframe its own shape', () => {
    expect(shapeAt({ keyframes: [key(2, box(0, 0, 10, 10))] }, 2)).toEqual(box(0, 0, 10, 10));
  });
  it('gives nothing before the first keyframe', () => {
    expect(shapeAt({ keyframes: [key(2, box(0, 0, 10, 10))] }, 1)).toBeNull();
  });
  it('moves and resizes a box linearly between keyframes', () => {
    expect(shapeAt({ keyframes: [key(0, box(0, 0, 10, 10)), key(4, box(40, 20, 30, 10))] }, 1)).toEqual(box(10, 5, 15, 10));
  });
  it('moves a point linearly', () => {
    expect(shapeAt({ keyframes: [key(0, { type: 'point', x: 0, y: 10 }), key(10, { type: 'point', x: 100, y: 0 })] }, 3)).toEqual({ type: 'point', x: 30, y: 7 });
  });
  it('moves each vertex of a polygon with as many points', () => {
    const keyframes = [key(0, path('polygon', [0, 0], [10, 0], [0, 10])), key(2, path('polygon', [2, 2], [12, 2], [2, 12]))];
    expect(shapeAt({ keyframes }, 1)).toEqual(path('polygon', [1, 1], [11, 1], [1, 11]));
  });
  it('blends paths whose point counts differ, each sampled where the other has a vertex along its length', () => {
    const keyframes = [key(0, path('line', [0, 0], [10, 0])), key(2, path('line', [0, 0], [5, 10], [10, 0]))];
    expect(shapeAt({ keyframes }, 1)).toEqual(path('line', [0, 0], [5, 5], [10, 0]));
  });
  it('closes a polygon when it matches vertices: a square meets a triangle round its whole outline', () => {
    const square = path('polygon', [0, 0], [10, 0], [10, 10], [0, 10]);
    const triangle = path('polygon', [0, 0], [20, 0], [0, 20]);
    const keyframes = [key(0, square), key(4, triangle)];
    // Round the closed outlines the square's vertices lie at 0, 1/4, 1/2 and 3/4 of its 40, the triangle's at 0,
    // 20 / (40 + 20√2) = 1 - √2/2 and √2/2 of its 40 + 20√2 (its closing edge counted). Both are taken at all six
    // places, each point on the edge that spans it.
    const r = Math.SQRT2;
    const squareAt = [[0, 0], [10, 0], [10, 30 - 20 * r], [10, 10], [30 - 20 * r, 10], [0, 10]];
    const triangleAt = [[0, 0], [10 + 5 * r, 0], [20, 0], [10, 10], [0, 20], [0, 10 + 5 * r]];
    for (const frame of [1, 2, 3]) {
      const t = frame / 4;
      const middle = shapeAt({ keyframes }, frame) as Extract<Shape, { type: 'polygon' }>;
      expect(middle.type).toBe('polygon');
      expect(middle.points).toHaveLength(6);
      middle.points.forEach((point, i) => {
        expect(point.x, `frame ${frame}, point ${i}`).toBeCloseTo(squareAt[i][0] + t * (triangleAt[i][0] - squareAt[i][0]), 9);
        expect(point.y, `frame ${frame}, point ${i}`).toBeCloseTo(squareAt[i][1] + t * (triangleAt[i][1] - squareAt[i][1]), 9);
      });
    }
    // Halfway, written out: the square's corner (10, 0) is halfway to the triangle's point at 10 + 5√2 along its base.
    const halfway = (shapeAt({ keyframes }, 2) as Extract<Shape, { type: 'polygon' }>).points;
    expect(halfway[1].x).toBeCloseTo(13.5355339, 6);
    expect(halfway[2]).toEqual({ x: 15, y: expect.closeTo(0.8578644, 6) });
    expect(halfway[4]).toEqual({ x: expect.closeTo(0.8578644, 6), y: 15 });
    // At its keyframes each is its own outline again.
    expect(shapeAt({ keyframes }, 0)).toEqual(square);
    expect(shapeAt({ keyframes }, 4)).toEqual(triangle);
  });
  it('keeps the earlier shape where the kinds differ', () => {
    const keyframes = [key(0, path('line', [0, 0], [10, 0])), key(2, path('polygon', [0, 0], [5, 5], [10, 0]))];
    expect(shapeAt({ keyframes }, 1)).toEqual(path('line', [0, 0], [10, 0]));
  });
  it('turns a box along the shorter arc and leaves an upright box without a rotation', () => {
    const keyframes = [key(0, { ...box(0, 0, 10, 10), rotation: degrees(350) }), key(4, { ...box(0, 0, 10, 10), rotation: degrees(10) })];
    expect(wrapAngle((shapeAt({ keyframes }, 2) as { rotation: number }).rotation)).toBeCloseTo(0, 12);
    expect(shapeAt({ keyframes: [key(0, box(0, 0, 10, 10)), key(2, box(2, 0, 10, 10))] }, 1)).not.toHaveProperty('rotation');
  });
  it('keeps the last shape after the last keyframe', () => {
    expect(shapeAt({ keyframes: [key(0, box(0, 0, 10, 10)), key(3, box(3, 0, 10, 10))] }, 50)).toEqual(box(3, 0, 10, 10));
  });
  it('gives nothing from an outside keyframe until the object comes back', () => {
    const keyframes = [key(0, box(0, 0, 10, 10)), key(4, null, { outside: true }), key(8, box(8, 0, 10, 10))];
    expect(shapeAt({ keyframes }, 3)).toEqual(box(0, 0, 10, 10));
    expect(shapeAt({ keyframes }, 4)).toBeNull();
    expect(shapeAt({ keyframes }, 6)).toBeNull();
    expect(shapeAt({ keyframes }, 8)).toEqual(box(8, 0, 10, 10));
  });
  it('finds the right span among many keyframes', () => {
    const keyframes = Array.from({ length: 1000 }, (_, i) => key(i * 10, { type: 'point', x: i * 10, y: 0 }));
    expect(shapeAt({ keyframes }, 5555)).toEqual({ type: 'point', x: 5555, y: 0 });
  });
});

describe('frameAttributesAt', () => {
  it('carries each frame attribute forward from the keyframe that set it', () => {
    const keyframes = [key(0, box(0, 0, 1, 1), { attributes: { occluded: 'no', lights: ['left'] } }), key(5, box(0, 0, 1, 1), { attributes: { occluded: 'yes' } })];
    expect(frameAttributesAt({ keyframes }, 3)).toEqual({ occluded: 'no', lights: ['left'] });
    expect(frameAttributesAt({ keyframes }, 7)).toEqual({ occluded: 'yes', lights: ['left'] });
    expect(frameAttributesAt({ keyframes }, -1)).toEqual({});
  });
});
