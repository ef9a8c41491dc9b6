// A cuboid's geometry in its cloud's LiDAR frame: its rotation, its eight corners and whether a point lies inside.
import type { CuboidShape } from '../items/result.schema';

export type Vector3 = [number, number, number];
/** A 3×3 rotation, row-major. */
export type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** R = Rz(yaw)·Ry(pitch)·Rx(roll), row-major: the columns are the box's own x (heading), y and z axes. */
export function cuboidRotation(shape: Pick<CuboidShape, 'yaw' | 'pitch' | 'roll'>): Matrix3 {
  const [cy, sy] = [Math.cos(shape.yaw), Math.sin(shape.yaw)];
  const [cp, sp] = [Math.cos(shape.pitch ?? 0), Math.sin(shape.pitch ?? 0)];
  const [cr, sr] = [Math.cos(shape.roll ?? 0), Math.sin(shape.roll ?? 0)];
  return [cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr, sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr, -sp, cp * sr, cp * cr];
}

/**
 * The eight corners: first the four of the bottom face, then the four of the top in the same order, each face
 * going front-left, front-right, back-right, back-left (front is +x of the box, left is +y).
 */
export function cuboidCorners(shape: CuboidShape): Vector3[] {
  const r = cuboidRotation(shape);
  const [l, w, h] = [shape.length / 2, shape.width / 2, shape.height / 2];
  const local: Vector3[] = [
    [l, w, -h],
    [l, -w, -h],
    [-l, -w, -h],
    [-l, w, -h],
    [l, w, h],
    [l, -w, h],
    [-l, -w, h],
    [-l, w, h],
  ];
  return local.map(([x, y, z]) => [shape.x + r[0] * x + r[1] * y + r[2] * z, shape.y + r[3] * x + r[4] * y + r[5] * z, shape.z + r[6] * x + r[7] * y + r[8] * z]);
}

/** The smallest upright rectangle around the cuboid seen from above: x, y, width (along x), height (along y). */
export function cuboidFootprint(shape: CuboidShape): [number, number, number, number] {
  const corners = cuboidCorners(shape).slice(0, 4);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [left, bottom] = [Math.min(...xs), Math.min(...ys)];
  return [left, bottom, Math.max(...xs) - left, Math.max(...ys) - bottom];
}
