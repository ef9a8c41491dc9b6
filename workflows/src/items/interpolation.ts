// An object's shape and frame attributes at any frame, from its keyframes: the one definition the editor, the
// validator and every exporter share, so none of them can disagree about a frame between keyframes. Its inverse,
// compactTrack, turns a per-frame series (what MOT or KITTI files hold) back into keyframes.
import type { AttributeValues, BoxShape, CuboidShape, Keyframe, ResultPoint, Shape } from './result.schema';

export type Track = { keyframes: Keyframe[] };
type PathType = 'polygon' | 'line' | 'curve';

/** Index of the last keyframe at or before the frame, or -1; keyframes are sorted by frame. */
function keyframeIndexAt(keyframes: Keyframe[], frame: number): number {
  let low = 0;
  let high = keyframes.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (keyframes[middle].frame <= frame) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const turn = 2 * Math.PI;
/** A number a fraction t of the way from a to b: the one blend of every coordinate. */
export const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
/** An angle in radians brought into [-π, π). */
export const wrapAngle = (angle: number): number => angle - turn * Math.floor((angle + Math.PI) / turn);
/** From one angle towards another along the shorter way round: 359° to 1° passes 0°, never 180°. */
export const mixAngle = (a: number, b: number, t: number): number => wrapAngle(a + wrapAngle(b - a) * t);

/**
 * Where each vertex lies along the path, as a fraction of its length (a polygon's length includes its closing edge,
 * so its last vertex lies before 1; a line's lies at 1). A path of no length spreads its vertices evenly.
 */
function perimeterFractions(points: ResultPoint[], closed: boolean): number[] {
  const edges = closed ? points.length : points.length - 1;
  const lengths: number[] = [];
  let total = 0;
  for (let i = 0; i < edges; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    lengths.push(length);
    total += length;
  }
  const fractions = [0];
  let along = 0;
  for (let i = 1; i < points.length; i++) {
    along += lengths[i - 1];
    fractions.push(total > 0 ? along / total : i / Math.max(edges, 1));
  }
  return fractions;
}

/** The path's points at the given fractions of its length (sorted), each on the edge that spans it. */
function pointsAlong(points: ResultPoint[], fractions: number[], at: number[], closed: boolean): ResultPoint[] {
  const out: ResultPoint[] = [];
  let edge = 0;
  for (const u of at) {
    while (edge + 1 < points.length && fractions[edge + 1] <= u) edge++;
    const start = fractions[edge];
    const end = edge + 1 < points.length ? fractions[edge + 1] : closed ? 1 : start;
    const a = points[edge];
    const b = points[(edge + 1) % points.length];
    const t = end > start ? (u - start) / (end - start) : 0;
    out.push({ x: mix(a.x, b.x, t), y: mix(a.y, b.y, t) });
  }
  return out;
}

/**
 * Two paths with as many points, so they can be blended vertex by vertex. Where the counts differ, both are sampled
 * at every vertex of either, by the fraction of the length where it lies: each keeps its own outline exactly, and a
 * vertex meets the point at the same distance round the other path.
 */
export function matchVertices(from: ResultPoint[], to: ResultPoint[], closed: boolean): [ResultPoint[], ResultPoint[]] {
  if (from.length === to.length) return [from, to];
  const a = perimeterFractions(from, closed);
  const b = perimeterFractions(to, closed);
  const at: number[] = [];
  for (let i = 0, j = 0; i < a.length || j < b.length; ) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (at.length === 0 || next - at[at.length - 1] > 1e-9) at.push(next);
  }
  return [pointsAlong(from, a, at, closed), pointsAlong(to, b, at, closed)];
}

function mixPaths(type: PathType, from: ResultPoint[], to: ResultPoint[], t: number): Shape {
  const [a, b] = matchVertices(from, to, type === 'polygon');
  return { type, points: a.map((p, i) => ({ x: mix(p.x, b[i].x, t), y: mix(p.y, b[i].y, t) })) };
}

/** A unit quaternion, w first. */
export type Quaternion = [number, number, number, number];

/** The rotation Rz(yaw)·Ry(pitch)·Rx(roll) (see fusion/cuboid.ts) as a unit quaternion, w first. */
export function rotationQuaternion(yaw: number, pitch: number, roll: number): Quaternion {
  const [cy, sy] = [Math.cos(yaw / 2), Math.sin(yaw / 2)];
  const [cp, sp] = [Math.cos(pitch / 2), Math.sin(pitch / 2)];
  const [cr, sr] = [Math.cos(roll / 2), Math.sin(roll / 2)];
  return [cy * cp * cr + sy * sp * sr, cy * cp * sr - sy * sp * cr, cy * sp * cr + sy * cp * sr, sy * cp * cr - cy * sp * sr];
}

/** Yaw, pitch and roll of a unit quaternion, inverse of rotationQuaternion (pitch in [-π/2, π/2]). */
export function quaternionAngles([w, x, y, z]: Quaternion): [number, number, number] {
  const sinPitch = Math.max(-1, Math.min(1, 2 * (w * y - z * x)));
  return [Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)), Math.asin(sinPitch), Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))];
}

/** Spherical blend of two rotations along the shorter way, a unit quaternion at every t. */
export function slerp(a: Quaternion, b: Quaternion, t: number): Quaternion {
  let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  // q and -q are one rotation: take the one on a's side, so the blend turns the short way.
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let [wa, wb] = [1 - t, t * sign];
  if (dot < 0.9995) {
    const theta = Math.acos(dot);
    const sin = Math.sin(theta);
    [wa, wb] = [Math.sin((1 - t) * theta) / sin, (Math.sin(t * theta) / sin) * sign];
  }
  const q: Quaternion = [wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2], wa * a[3] + wb * b[3]];
  const norm = Math.hypot(...q);
  return [q[0] / norm, q[1] / norm, q[2] / norm, q[3] / norm];
}

/**
 * A cuboid a fraction t of the way between two: centre and size linear; yaw along the shorter arc where neither
 * keyframe tilts, else the slerp of the two rotations read back as yaw, pitch and roll. Pitch and roll stay absent
 * where both keyframes leave them out.
 */
export function mixCuboids(from: CuboidShape, to: CuboidShape, t: number): CuboidShape {
  const x = mix(from.x, to.x, t);
  const y = mix(from.y, to.y, t);
  const z = mix(from.z, to.z, t);
  const length = mix(from.length, to.length, t);
  const width = mix(from.width, to.width, t);
  const height = mix(from.height, to.height, t);
  if (from.pitch === undefined && from.roll === undefined && to.pitch === undefined && to.roll === undefined) {
    return { type: 'cuboid', x, y, z, length, width, height, yaw: mixAngle(from.yaw, to.yaw, t) };
  }
  if (!from.pitch && !from.roll && !to.pitch && !to.roll) return { type: 'cuboid', x, y, z, length, width, height, yaw: mixAngle(from.yaw, to.yaw, t), pitch: 0, roll: 0 };
  const q = slerp(rotationQuaternion(from.yaw, from.pitch ?? 0, from.roll ?? 0), rotationQuaternion(to.yaw, to.pitch ?? 0, to.roll ?? 0), t);
  const [yaw, pitch, roll] = quaternionAngles(q);
  return { type: 'cuboid', x, y, z, length, width, height, yaw, pitch, roll };
}

/** The shape between two keyframes; one that cannot be blended (another kind of shape) keeps the earlier keyframe's. */
export function between(from: Shape, to: Shape, t: number): Shape {
  if (from.type === 'box' && to.type === 'box') {
    // Two literals rather than a property added later: every box of one kind keeps one hidden class, which the
    // per-frame queries of exporters and the timeline depend on for their speed.
    const x = mix(from.x, to.x, t);
    const y = mix(from.y, to.y, t);
    const width = mix(from.width, to.width, t);
    const height = mix(from.height, to.height, t);
    if (from.rotation === undefined && to.rotation === undefined) return { type: 'box', x, y, width, height };
    return { type: 'box', x, y, width, height, rotation: mixAngle(from.rotation ?? 0, to.rotation ?? 0, t) };
  }
  if (from.type === 'point' && to.type === 'point') return { type: 'point', x: mix(from.x, to.x, t), y: mix(from.y, to.y, t) };
  if (from.type === 'cuboid' && to.type === 'cuboid') return mixCuboids(from, to, t);
  // A mask or a segment is held like a drawing until the next keyframe: labels are never blended.
  if ((from.type === 'polygon' || from.type === 'line' || from.type === 'curve') && to.type === from.type && from.points.length > 0 && to.points.length > 0) {
    return mixPaths(from.type, from.points, to.points, t);
  }
  return from;
}

/**
 * The object's shape at a frame, or null where it is not in the scene: before its first keyframe and from an
 * outside keyframe until the next visible one. After its last keyframe an object stays where it was, except a mask:
 * a painting belongs to the frames it was painted or copied to, so it ends with its last keyframe.
 */
export function shapeAt(track: Track, frame: number): Shape | null {
  const index = keyframeIndexAt(track.keyframes, frame);
  if (index < 0) return null;
  const previous = track.keyframes[index];
  if (previous.outside || !previous.shape) return null;
  if (previous.frame === frame) return previous.shape;
  const next = track.keyframes[index + 1];
  if (!next) return previous.shape.type === 'mask' ? null : previous.shape;
  if (next.outside || !next.shape) return previous.shape;
  return between(previous.shape, next.shape, (frame - previous.frame) / (next.frame - previous.frame));
}

/**
 * Each camera's 2D box of a fusion track at a frame, by camera name: a keyframe's boxes hold from it on, blended
 * towards the next visible keyframe's box of the same camera where it has one, and held after the last keyframe.
 * Nothing where the object is out of the scene.
 */
export function cameraBoxesAt(track: Track, frame: number): Record<string, BoxShape> {
  const index = keyframeIndexAt(track.keyframes, frame);
  if (index < 0) return {};
  const previous = track.keyframes[index];
  if (previous.outside || !previous.shape || !previous.cameraBoxes) return {};
  const next = track.keyframes[index + 1];
  if (previous.frame === frame || !next || next.outside || !next.cameraBoxes) return previous.cameraBoxes;
  const t = (frame - previous.frame) / (next.frame - previous.frame);
  const boxes: Record<string, BoxShape> = {};
  for (const [camera, box] of Object.entries(previous.cameraBoxes)) {
    const to = next.cameraBoxes[camera];
    boxes[camera] = to ? (between(box, to, t) as BoxShape) : box;
  }
  return boxes;
}

/** Frame attribute values at a frame: each carries forward from the keyframe that last set it. */
export function frameAttributesAt(track: Track, frame: number): AttributeValues {
  const index = keyframeIndexAt(track.keyframes, frame);
  const values: AttributeValues = {};
  for (let i = 0; i <= index; i++) Object.assign(values, track.keyframes[i].attributes);
  return values;
}

/** One frame of a per-frame series: the shape there, or null where the object is outside. */
export interface TrackFrame {
  frame: number;
  shape: Shape | null;
  attributes?: AttributeValues;
}

export interface CompactOptions {
  /** How far, in pixels (radians for a rotation), an interpolated frame may lie from the series; 0.01 unless given. */
  tolerance?: number;
  /** The sequence's frames: an object last seen before the end is marked outside on the frame after. */
  frameCount?: number;
  source?: Keyframe['source'];
}

/** A shape's numbers in an order two shapes of one kind and size share, or null where none of the kind blend. */
function numbersOf(shape: Shape): number[] {
  switch (shape.type) {
    case 'box':
      return [shape.x, shape.y, shape.width, shape.height, shape.rotation ?? 0];
    case 'point':
      return [shape.x, shape.y];
    case 'mask':
    case 'segment':
      // A mask or a segment is held, never blended: sameMask decides whether two frames share one.
      return [];
    case 'cuboid':
      return [shape.x, shape.y, shape.z, shape.length, shape.width, shape.height, shape.yaw, shape.pitch ?? 0, shape.roll ?? 0];
    default:
      return shape.points.flatMap((p) => [p.x, p.y]);
  }
}

const sameMask = (a: Shape, b: Shape): boolean =>
  a.type === 'mask' && b.type === 'mask' && a.width === b.width && a.height === b.height && a.counts.length === b.counts.length && a.counts.every((c, i) => c === b.counts[i]);

const sameSegment = (a: Shape, b: Shape): boolean =>
  a.type === 'segment' && b.type === 'segment' && a.pointCount === b.pointCount && a.counts.length === b.counts.length && a.counts.every((c, i) => c === b.counts[i]);

const blendable = (a: Shape, b: Shape): boolean =>
  a.type === 'mask' ? sameMask(a, b) : a.type === 'segment' ? sameSegment(a, b) : a.type === b.type && (!('points' in a) || !('points' in b) || a.points.length === b.points.length);

const attributeKey = (values: AttributeValues | undefined): string => JSON.stringify(Object.entries(values ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Keyframes that give back a per-frame series: shapeAt on them lies within the tolerance of every frame's shape, and
 * frameAttributesAt gives every frame's values. Frames the series leaves out between two it holds are outside, and
 * so is the frame after the last one held (unless the sequence ends there). Each visible span is cut greedily into
 * the longest pieces a straight blend reproduces, found in one pass per piece by narrowing the slopes every frame
 * allows (a rotation unwrapped frame to frame, and no piece turning half a turn or more).
 */
export function compactTrack(series: TrackFrame[], options: CompactOptions = {}): Keyframe[] {
  const tolerance = options.tolerance ?? 0.01;
  const frameCount = options.frameCount ?? Number.POSITIVE_INFINITY;
  const source = options.source ?? 'drawn';
  const frames = [...series].sort((a, b) => a.frame - b.frame).filter((f, i, all) => i === 0 || f.frame !== all[i - 1].frame);
  const keyframes: Keyframe[] = [];
  const keyAt = (f: TrackFrame) => keyframes.push({ frame: f.frame, shape: f.shape, attributes: { ...(f.attributes ?? {}) }, outside: false, source });
  const outsideAt = (frame: number) => {
    const last = keyframes[keyframes.length - 1];
    if (last && !last.outside && frame < frameCount) keyframes.push({ frame, shape: null, attributes: {}, outside: true, source });
  };

  let i = 0;
  while (i < frames.length) {
    if (!frames[i].shape) {
      outsideAt(frames[i].frame);
      i++;
      continue;
    }
    // The visible span: consecutive frames with a shape.
    let end = i;
    while (end + 1 < frames.length && frames[end + 1].shape && frames[end + 1].frame === frames[end].frame + 1) end++;
    keyAt(frames[i]);
    let from = i;
    while (from < end) {
      let to = longestBlend(frames, from, end, tolerance);
      // A mask or a segment holds until the next keyframe: a run of one ends with the keyframe of the next, not its own last frame.
      const start = frames[from].shape!;
      if ((start.type === 'mask' || start.type === 'segment') && to < end && standsStill(frames, from, to, tolerance)) {
        keyAt(frames[to + 1]);
        from = to + 1;
        continue;
      }
      // A tilted cuboid blends by slerp, which a straight line in its angles only approaches: check the blend itself.
      if (frames.slice(from, to + 1).some((f) => tilted(f.shape!))) while (to > from + 1 && !blendHolds(frames, from, to, tolerance)) to--;
      // A shape holds still after its last keyframe, so a span that ends standing still needs no keyframe at its end;
      // a mask ends with its last keyframe, so its span ends with one.
      if (to === end && standsStill(frames, from, end, tolerance)) {
        if (start.type === 'mask' && end > from) keyAt(frames[end]);
        break;
      }
      keyAt(frames[to]);
      from = to;
    }
    const next = frames[end + 1];
    if (!next || next.frame > frames[end].frame + 1) outsideAt(frames[end].frame + 1);
    i = end + 1;
  }
  return keyframes;
}

/** Where a shape's turn about its centre lies among numbersOf's numbers (a box's rotation, a cuboid's yaw), or -1. */
const rotationIndex = (shape: Shape): number => (shape.type === 'box' ? 4 : shape.type === 'cuboid' ? 6 : -1);

/** Whether a cuboid turns out of the ground plane, so its blend is a slerp rather than a straight line in its angles. */
const tilted = (shape: Shape): boolean => shape.type === 'cuboid' && (!!shape.pitch || !!shape.roll);

/** Whether the blend from frame `from` to `to` lies within the tolerance of every frame between, each compared as between() gives it. */
function blendHolds(frames: TrackFrame[], from: number, to: number, tolerance: number): boolean {
  const [a, b] = [frames[from], frames[to]];
  for (let k = from + 1; k < to; k++) {
    const blended = numbersOf(between(a.shape!, b.shape!, (frames[k].frame - a.frame) / (b.frame - a.frame)));
    const actual = numbersOf(frames[k].shape!);
    if (blended.some((n, d) => Math.abs(d >= 6 ? wrapAngle(n - actual[d]) : n - actual[d]) > tolerance)) return false;
  }
  return true;
}

/** Whether every frame after `from`, up to `end`, shows the shape and values of `from` within the tolerance. */
function standsStill(frames: TrackFrame[], from: number, end: number, tolerance: number): boolean {
  const start = frames[from].shape!;
  const origin = numbersOf(start);
  const values = attributeKey(frames[from].attributes);
  for (let k = from + 1; k <= end; k++) {
    const shape = frames[k].shape!;
    if (!blendable(start, shape) || attributeKey(frames[k].attributes) !== values) return false;
    const numbers = numbersOf(shape);
    if (numbers.some((n, d) => Math.abs(d === rotationIndex(start) ? wrapAngle(n - origin[d]) : n - origin[d]) > tolerance)) return false;
  }
  return true;
}

/** The furthest frame, up to `end`, that a straight blend from `from` reaches while staying within the tolerance of every frame on the way. */
function longestBlend(frames: TrackFrame[], from: number, end: number, tolerance: number): number {
  const start = frames[from].shape!;
  const origin = numbersOf(start);
  const rotation = rotationIndex(start);
  const low = origin.map(() => Number.NEGATIVE_INFINITY);
  const high = origin.map(() => Number.POSITIVE_INFINITY);
  const startValues = attributeKey(frames[from].attributes);
  // The next frame is always reached: with no frame between, nothing narrows the blend.
  let best = from + 1;
  let unwrapped = origin[rotation] ?? 0;
  for (let k = from + 1; k <= end; k++) {
    const shape = frames[k].shape!;
    // A new kind of shape or another vertex count needs a keyframe of its own; new attribute values may end a blend,
    // since they hold from their keyframe on, but no blend goes past them.
    if (!blendable(start, shape)) return best;
    const lastReach = attributeKey(frames[k].attributes) !== startValues;
    const values = numbersOf(shape);
    if (rotation >= 0) {
      unwrapped += wrapAngle(values[rotation] - numbersOf(frames[k - 1].shape!)[rotation]);
      values[rotation] = unwrapped;
      if (Math.abs(unwrapped - origin[rotation]) >= Math.PI) return best;
    }
    const span = frames[k].frame - frames[from].frame;
    let reaches = true;
    let open = true;
    for (let d = 0; d < origin.length; d++) {
      const slope = (values[d] - origin[d]) / span;
      if (slope < low[d] - 1e-12 || slope > high[d] + 1e-12) reaches = false;
      low[d] = Math.max(low[d], (values[d] - tolerance - origin[d]) / span);
      high[d] = Math.min(high[d], (values[d] + tolerance - origin[d]) / span);
      if (low[d] > high[d]) open = false;
    }
    if (reaches) best = k;
    if (lastReach) return best;
    if (!open) return best;
  }
  return best;
}
