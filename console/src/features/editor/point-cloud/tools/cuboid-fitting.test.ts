import { describe, expect, it } from 'vitest';
import type { CuboidShape } from '@annot/workflows';
import { fitToPoints, fromFootprint, recentre } from './cuboid-fitting';

/** A car-sized block of points, 4 × 2 × 1.5 m, standing on a flat ground at z = -1.7, turned by `yaw`. */
function scene(cx: number, cy: number, yaw: number) {
  const values: number[] = [];
  for (let gx = -20; gx <= 20; gx += 0.5) for (let gy = -20; gy <= 20; gy += 0.5) values.push(gx, gy, -1.7);
  const [c, s] = [Math.cos(yaw), Math.sin(yaw)];
  for (let u = -2; u <= 2; u += 0.2) for (let v = -1; v <= 1; v += 0.2) for (let w = 0; w <= 1.5; w += 0.25) values.push(cx + c * u - s * v, cy + s * u + c * v, -1.6 + w);
  return { count: values.length / 3, positions: new Float32Array(values) };
}

const near = (shape: CuboidShape, expected: Partial<CuboidShape>, digits = 1) => {
  for (const [key, value] of Object.entries(expected)) expect(shape[key as keyof CuboidShape]).toBeCloseTo(value as number, digits);
};

describe('cuboid fitting', () => {
  describe('fromFootprint', () => {
    it('stands the box on the lowest point in the footprint and tops it at the highest', () => {
      const shape = fromFootprint(scene(10, 3, 0), { x: 10, y: 3, length: 4.6, width: 2.6, yaw: 0 }, -1.7);
      expect(shape.z - shape.height / 2).toBeCloseTo(-1.7, 2);
      expect(shape.z + shape.height / 2).toBeCloseTo(-0.1, 2);
    });

    it('gives an empty footprint the default height on the ground', () => {
      const empty = { count: 0, positions: new Float32Array() };
      near(fromFootprint(empty, { x: 0, y: 0, length: 1, width: 1, yaw: 0 }, -1.7), { z: -0.9, height: 1.6 }, 5);
    });
  });

  describe('fitToPoints', () => {
    it('tightens a loose box around the points inside, keeping its heading', () => {
      const cloud = scene(10, 3, 0.5);
      const loose: CuboidShape = { type: 'cuboid', x: 10.3, y: 3.2, z: -0.8, length: 4.9, width: 2.4, height: 1.5, yaw: 0.5 };
      const fitted = fitToPoints(cloud, loose, -1.7);
      // The car's points start 10 cm over the road: the box is set down on the road.
      near(fitted, { x: 10, y: 3, z: -0.9, length: 4, width: 2, height: 1.6, yaw: 0.5 });
    });

    it('leaves a box over no points as it is', () => {
      const shape: CuboidShape = { type: 'cuboid', x: 100, y: 100, z: 0, length: 1, width: 1, height: 1, yaw: 0 };
      expect(fitToPoints(scene(0, 0, 0), shape, -1.7)).toBe(shape);
    });
  });

  describe('recentre', () => {
    it('moves a copied box onto the car that moved under it, not onto the road', () => {
      const copy: CuboidShape = { type: 'cuboid', x: 10, y: 3, z: -0.85, length: 4, width: 2, height: 1.7, yaw: 0 };
      near(recentre(scene(10.6, 3.2, 0), copy), { x: 10.6, y: 3.2 });
    });
  });
});
