// An object's shape and frame attributes at any frame, from its keyframes: the one definition the editor, the
// validator and every exporter share, so none of them can disagree about a frame between keyframes. Its inverse,
// compactTrack, turns a per-frame series (what MOT or KITTI files hold) back into keyframes.
import type { AttributeValues, Keyframe, ResultPoint, Shape } from './result.schema';

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

/** The shape between two keyframes; one that cannot be blended (another kind of shape) keeps the earlier keyframe's. */
function between(from: Shape, to: Shape, t: number): Shape {
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
  if ((from.type === 'polygon' || from.type === 'line' || from.type === 'curve') && to.type === from.type && from.points.length > 0 && to.points.length > 0) {
    return mixPaths(from.type, from.points, to.points, t);
  }
  return from;
}

/**
 * The object's shape at a frame, or null where it is not in the scene: before its first keyframe and from an
 * outside keyframe until the next visible one. After its last keyframe an object stays where it was.
 */
export function shapeAt(track: Track, frame: number): Shape | null {
  const index = keyframeIndexAt(track.keyframes, frame);
  if (index < 0) return null;
  const previous = track.keyframes[index];
  if (previous.outside || !previous.shape) return null;
  if (previous.frame === frame) return previous.shape;
  const next = track.keyframes[index + 1];
  if (!next || next.outside || !next.shape) return previous.shape;
  return between(previous.shape, next.shape, (frame - previous.frame) / (next.frame - previous.frame));
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

const blendable = (a: Shape, b: Shape): boolean =>
  a.type === 'mask' ? sameMask(a, b) : a.type === b.type && (!('points' in a) || !('points' in b) || a.points.length === b.points.length);

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
      const to = longestBlend(frames, from, end, tolerance);
      // A shape holds still after its last keyframe, so a span that ends standing still needs no keyframe at its end.
      if (to === end && standsStill(frames, from, end, tolerance)) break;
      keyAt(frames[to]);
      from = to;
    }
    const next = frames[end + 1];
    if (!next || next.frame > frames[end].frame + 1) outsideAt(frames[end].frame + 1);
    i = end + 1;
  }
  return keyframes;
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
    if (numbers.some((n, d) => Math.abs(start.type === 'box' && d === 4 ? wrapAngle(n - origin[d]) : n - origin[d]) > tolerance)) return false;
  }
  return true;
}

/** The furthest frame, up to `end`, that a straight blend from `from` reaches while staying within the tolerance of every frame on the way. */
function longestBlend(frames: TrackFrame[], from: number, end: number, tolerance: number): number {
  const start = frames[from].shape!;
  const origin = numbersOf(start);
  const rotation = start.type === 'box' ? origin.length - 1 : -1;
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
