// An object's shape and frame attributes at any frame, from its keyframes: the one definition the editor, the
// validator and every exporter share, so none of them can disagree about a frame between keyframes.
import type { AttributeValues, Keyframe, ResultPoint, Shape } from './result.schema';

type Track = { keyframes: Keyframe[] };

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

const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
const mixPoints = (a: ResultPoint[], b: ResultPoint[], t: number): ResultPoint[] => a.map((p, i) => ({ x: mix(p.x, b[i].x, t), y: mix(p.y, b[i].y, t) }));

/** The shape between two keyframes; one that cannot be blended keeps the earlier keyframe's shape. */
function between(from: Shape, to: Shape, t: number): Shape {
  if (from.type === 'box' && to.type === 'box') {
    return { type: 'box', x: mix(from.x, to.x, t), y: mix(from.y, to.y, t), width: mix(from.width, to.width, t), height: mix(from.height, to.height, t) };
  }
  if (from.type === 'point' && to.type === 'point') return { type: 'point', x: mix(from.x, to.x, t), y: mix(from.y, to.y, t) };
  if ((from.type === 'polygon' || from.type === 'line' || from.type === 'curve') && to.type === from.type && to.points.length === from.points.length) {
    return { type: from.type, points: mixPoints(from.points, to.points, t) };
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
