// Handles of a cuboid in the top, side and front views: each view shows two of the box's own axes, and a pointer near
// an edge resizes along one of them (the opposite edge stays), inside moves the box in the view's plane, and in the
// top view the knob ahead of the box turns it.
import { cuboidRotation, type CuboidShape } from '@annot/workflows';

export type OrthoView = 'top' | 'side' | 'front';
/** The box's own axes each view shows, across then up: 0 is its length (heading), 1 its width, 2 its height. */
export const viewAxes: Record<OrthoView, [number, number]> = { top: [0, 1], side: [0, 2], front: [1, 2] };

export type Handle = { kind: 'move' } | { kind: 'turn' } | { kind: 'edge'; axis: number; side: 1 | -1 } | { kind: 'corner'; edges: [{ axis: number; side: 1 | -1 }, { axis: number; side: 1 | -1 }] };

type Vector = [number, number, number];
const sizeOf = (shape: CuboidShape, axis: number) => [shape.length, shape.width, shape.height][axis];

/** A point of the LiDAR frame in the box's own axes, from its centre. */
export function toLocal(shape: CuboidShape, [px, py, pz]: Vector): Vector {
  const r = cuboidRotation(shape);
  const [dx, dy, dz] = [px - shape.x, py - shape.y, pz - shape.z];
  return [r[0] * dx + r[3] * dy + r[6] * dz, r[1] * dx + r[4] * dy + r[7] * dz, r[2] * dx + r[5] * dy + r[8] * dz];
}

/** A step in the box's own axes as a step in the LiDAR frame. */
function toWorld(shape: CuboidShape, [x, y, z]: Vector): Vector {
  const r = cuboidRotation(shape);
  return [r[0] * x + r[1] * y + r[2] * z, r[3] * x + r[4] * y + r[5] * z, r[6] * x + r[7] * y + r[8] * z];
}

/** Where the turning knob stands, ahead of the box in its own axes. */
export const knobAhead = (shape: CuboidShape, tolerance: number) => shape.length / 2 + Math.max(0.6, tolerance * 4);

/** The handle under the pointer (a point of the LiDAR frame in the view's plane), or null; `tolerance` is in metres. */
export function handleAt(view: OrthoView, shape: CuboidShape, point: Vector, tolerance: number): Handle | null {
  const local = toLocal(shape, point);
  const [a, b] = viewAxes[view];
  if (view === 'top' && Math.hypot(local[0] - knobAhead(shape, tolerance), local[1]) <= tolerance * 1.5) return { kind: 'turn' };
  const near = (axis: number): { axis: number; side: 1 | -1 } | null => {
    const half = sizeOf(shape, axis) / 2;
    const other = axis === a ? b : a;
    if (Math.abs(local[other]) > sizeOf(shape, other) / 2 + tolerance) return null;
    if (Math.abs(local[axis] - half) <= tolerance) return { axis, side: 1 };
    if (Math.abs(local[axis] + half) <= tolerance) return { axis, side: -1 };
    return null;
  };
  const [ea, eb] = [near(a), near(b)];
  if (ea && eb) return { kind: 'corner', edges: [ea, eb] };
  if (ea || eb) return { kind: 'edge', ...(ea ?? eb)! };
  if (Math.abs(local[a]) <= sizeOf(shape, a) / 2 && Math.abs(local[b]) <= sizeOf(shape, b) / 2) return { kind: 'move' };
  return null;
}

const withSize = (shape: CuboidShape, axis: number, size: number): CuboidShape =>
  axis === 0 ? { ...shape, length: size } : axis === 1 ? { ...shape, width: size } : { ...shape, height: size };

/** One edge brought to a coordinate along its axis (in the box's own axes), the opposite edge staying where it is. */
function resize(shape: CuboidShape, axis: number, side: 1 | -1, to: number): CuboidShape {
  const half = sizeOf(shape, axis) / 2;
  const opposite = -side * half;
  const size = Math.max(0.05, side * (to - opposite));
  const middle = opposite + (side * size) / 2;
  const step: Vector = [0, 0, 0];
  step[axis] = middle;
  const [dx, dy, dz] = toWorld(shape, step);
  return withSize({ ...shape, x: shape.x + dx, y: shape.y + dy, z: shape.z + dz }, axis, size);
}

/**
 * The box after dragging a handle from `from` to `to` (points of the LiDAR frame in the view's plane), starting from
 * the box as it was when the drag began.
 */
export function dragHandle(view: OrthoView, start: CuboidShape, handle: Handle, from: Vector, to: Vector): CuboidShape {
  const [a, b] = viewAxes[view];
  if (handle.kind === 'move') {
    const [fa, ta] = [toLocal(start, from), toLocal(start, to)];
    const step: Vector = [0, 0, 0];
    step[a] = ta[a] - fa[a];
    step[b] = ta[b] - fa[b];
    const [dx, dy, dz] = toWorld(start, step);
    return { ...start, x: start.x + dx, y: start.y + dy, z: start.z + dz };
  }
  if (handle.kind === 'turn') return { ...start, yaw: Math.atan2(to[1] - start.y, to[0] - start.x) };
  const local = toLocal(start, to);
  const edges = handle.kind === 'edge' ? [handle] : handle.edges;
  // Each edge from the box as it started, in its own axes, so the second does not see the first's move.
  let shape = start;
  for (const edge of edges) {
    const resized = resize(start, edge.axis, edge.side, local[edge.axis]);
    const step = [resized.x - start.x, resized.y - start.y, resized.z - start.z];
    shape = withSize({ ...shape, x: shape.x + step[0], y: shape.y + step[1], z: shape.z + step[2] }, edge.axis, sizeOf(resized, edge.axis));
  }
  return shape;
}

/** The box moved by a step in its own axes (metres), turned by an angle (radians) or grown along an axis. */
export function nudgeCuboid(shape: CuboidShape, change: { move?: Vector; turn?: number; grow?: Vector }): CuboidShape {
  const [dx, dy, dz] = toWorld(shape, change.move ?? [0, 0, 0]);
  const [gl, gw, gh] = change.grow ?? [0, 0, 0];
  return {
    ...shape,
    x: shape.x + dx,
    y: shape.y + dy,
    z: shape.z + dz,
    yaw: shape.yaw + (change.turn ?? 0),
    length: Math.max(0.05, shape.length + gl),
    width: Math.max(0.05, shape.width + gw),
    height: Math.max(0.05, shape.height + gh),
  };
}
