// A cuboid against its frame's cloud: the points inside it, a box drawn as a footprint and fitted upwards to the
// points standing in it, a box tightened around its points keeping its heading, and a box re-centred on the points
// near it in another frame (the copy step of auto-track).
import { cuboidRotation, type CuboidShape, type PointCloud } from '@annot/workflows';

type Cloud = Pick<PointCloud, 'count' | 'positions'>;

/** Calls back with each point inside the cuboid grown by `margin` metres on every side, in the box's own axes. */
function eachInside(cloud: Cloud, shape: CuboidShape, margin: number, visit: (x: number, y: number, z: number, index: number) => void): void {
  const r = cuboidRotation(shape);
  const [hl, hw, hh] = [shape.length / 2 + margin, shape.width / 2 + margin, shape.height / 2 + margin];
  // A bounding radius first: most of a frame's points are far from any one box and cost three subtractions.
  const reach = Math.hypot(hl, hw, hh);
  const p = cloud.positions;
  for (let i = 0; i < cloud.count; i++) {
    const dx = p[i * 3] - shape.x;
    const dy = p[i * 3 + 1] - shape.y;
    const dz = p[i * 3 + 2] - shape.z;
    if (Math.abs(dx) > reach || Math.abs(dy) > reach || Math.abs(dz) > reach) continue;
    const x = r[0] * dx + r[3] * dy + r[6] * dz;
    const y = r[1] * dx + r[4] * dy + r[7] * dz;
    const z = r[2] * dx + r[5] * dy + r[8] * dz;
    if (Math.abs(x) <= hl && Math.abs(y) <= hw && Math.abs(z) <= hh) visit(x, y, z, i);
  }
}

/** How many of the cloud's points lie inside the cuboid. */
export function countInside(cloud: Cloud, shape: CuboidShape): number {
  let count = 0;
  eachInside(cloud, shape, 0, () => count++);
  return count;
}

/** The height a box is given where its footprint holds no points. */
export const defaultHeight = 1.6;

/**
 * A box from a footprint drawn from above (centre, length along its heading, width, heading): its bottom on the lowest
 * point standing in the footprint and its top on the highest, or `defaultHeight` from `ground` where none stands there.
 */
export function fromFootprint(cloud: Cloud, footprint: { x: number; y: number; length: number; width: number; yaw: number }, ground: number): CuboidShape {
  const tall: CuboidShape = { type: 'cuboid', ...footprint, z: 0, height: 1e4 };
  let [low, high] = [Infinity, -Infinity];
  eachInside(cloud, tall, 0, (_x, _y, z) => {
    if (z < low) low = z;
    if (z > high) high = z;
  });
  if (high - low < 0.05) return { ...tall, z: ground + defaultHeight / 2, height: defaultHeight };
  return { ...tall, z: (low + high) / 2, height: high - low };
}

/**
 * The box tightened around the points inside it (grown by `margin` to catch those just outside), keeping its heading,
 * pitch and roll. Points of the ground (within a hand's breadth of `ground`) are left out, and a box standing just
 * above the ground is set down on it. The box as it is where fewer than three points are inside.
 */
export function fitToPoints(cloud: Cloud, shape: CuboidShape, ground: number, margin = 0.15): CuboidShape {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const r = cuboidRotation(shape);
  let count = 0;
  eachInside(cloud, shape, margin, (...local) => {
    const z = shape.z + r[6] * local[0] + r[7] * local[1] + r[8] * local[2];
    if (z < ground + 0.12) return;
    count++;
    for (let axis = 0; axis < 3; axis++) {
      if (local[axis] < min[axis]) min[axis] = local[axis];
      if (local[axis] > max[axis]) max[axis] = local[axis];
    }
  });
  if (count < 3) return shape;
  const size = [0, 1, 2].map((axis) => Math.max(max[axis] - min[axis], 0.05));
  const centre = [0, 1, 2].map((axis) => (max[axis] + min[axis]) / 2);
  const fitted: CuboidShape = {
    ...shape,
    x: shape.x + r[0] * centre[0] + r[1] * centre[1] + r[2] * centre[2],
    y: shape.y + r[3] * centre[0] + r[4] * centre[1] + r[5] * centre[2],
    z: shape.z + r[6] * centre[0] + r[7] * centre[1] + r[8] * centre[2],
    length: size[0],
    width: size[1],
    height: size[2],
  };
  const gap = fitted.z - fitted.height / 2 - ground;
  if (gap <= 0 || gap > 0.4 || shape.pitch || shape.roll) return fitted;
  return { ...fitted, z: fitted.z - gap / 2, height: fitted.height + gap };
}

/**
 * The box moved over the ground to the middle of the points standing near it (within `reach` metres around it, above
 * its lowest tenth, so the road under it does not pull it), its size and heading kept; as it is where none stand there.
 */
export function recentre(cloud: Cloud, shape: CuboidShape, reach = 1): CuboidShape {
  const floor = -shape.height / 2 + shape.height * 0.1;
  const r = cuboidRotation(shape);
  let [sx, sy, count] = [0, 0, 0];
  eachInside(cloud, shape, reach, (x, y, z) => {
    if (z < floor) return;
    sx += x;
    sy += y;
    count++;
  });
  if (count < 3) return shape;
  const [cx, cy] = [sx / count, sy / count];
  return { ...shape, x: shape.x + r[0] * cx + r[1] * cy, y: shape.y + r[3] * cx + r[4] * cy };
}

/** A low height of the cloud (its tenth percentile of a sample), where the ground most likely lies. */
export function groundHeight(cloud: Cloud): number {
  if (cloud.count === 0) return 0;
  const step = Math.max(1, Math.floor(cloud.count / 2000));
  const heights: number[] = [];
  for (let i = 0; i < cloud.count; i += step) heights.push(cloud.positions[i * 3 + 2]);
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length * 0.1)];
}
