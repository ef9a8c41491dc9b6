// Gives back a fusion track's drawn camera boxes when it is read from a per-frame file: the keyframes compactTrack
// found for its shapes, with the camera boxes set on them and, where the boxes change in a way those keyframes do not
// reproduce, keyframes added (with the shape the track already has there, so its shapes stay as they were).
import { cameraBoxesAt, shapeAt } from '../items/interpolation';
import type { BoxShape, Keyframe } from '../items/result.schema';

export type CameraBoxes = Record<string, BoxShape>;

/** The camera boxes a file gives at each frame where the object is in the scene; a frame without any has none. */
export interface CameraBoxFrame {
  frame: number;
  cameraBoxes: CameraBoxes | undefined;
}

const boxNumbers = (box: BoxShape) => [box.x, box.y, box.width, box.height, box.rotation ?? 0];

function sameBoxes(a: CameraBoxes, b: CameraBoxes, tolerance: number): boolean {
  const cameras = Object.keys(a);
  if (cameras.length !== Object.keys(b).length) return false;
  return cameras.every((camera) => {
    const other = b[camera];
    if (!other) return false;
    const numbers = boxNumbers(other);
    return boxNumbers(a[camera]).every((n, i) => Math.abs(n - numbers[i]) <= tolerance);
  });
}

/** A keyframe that carries only camera boxes, for cameraBoxesAt to blend between. */
const boxKeyframe = (frame: number, cameraBoxes: CameraBoxes | undefined): Keyframe => ({
  frame,
  shape: { type: 'point', x: 0, y: 0 },
  attributes: {},
  outside: false,
  source: 'algorithm',
  ...(cameraBoxes && Object.keys(cameraBoxes).length > 0 ? { cameraBoxes } : {}),
});

/**
 * Keyframes of boxes alone that cameraBoxesAt turns back into every frame's boxes: per span of consecutive frames,
 * its first frame, then greedily the furthest frame up to which the blend (or hold) from the last key gives every
 * frame between, the span's last frame left out where the boxes hold still to it; an outside keyframe after each span.
 */
function boxKeyframes(frames: CameraBoxFrame[], tolerance: number): Keyframe[] {
  const keys: Keyframe[] = [];
  const boxes = (i: number) => frames[i].cameraBoxes ?? {};
  const pieceHolds = (from: number, to: number) => {
    const track = { keyframes: [boxKeyframe(frames[from].frame, frames[from].cameraBoxes), boxKeyframe(frames[to].frame, frames[to].cameraBoxes)] };
    for (let k = from + 1; k < to; k++) if (!sameBoxes(cameraBoxesAt(track, frames[k].frame), boxes(k), tolerance)) return false;
    return true;
  };
  let start = 0;
  while (start < frames.length) {
    let end = start;
    while (end + 1 < frames.length && frames[end + 1].frame === frames[end].frame + 1) end++;
    keys.push(boxKeyframe(frames[start].frame, frames[start].cameraBoxes));
    let from = start;
    while (from < end) {
      let stillTo = from;
      while (stillTo < end && sameBoxes(boxes(stillTo + 1), boxes(from), tolerance)) stillTo++;
      if (stillTo === end) break;
      let to = from + 1;
      while (to < end && pieceHolds(from, to + 1)) to++;
      keys.push(boxKeyframe(frames[to].frame, frames[to].cameraBoxes));
      from = to;
    }
    keys.push({ frame: frames[end].frame + 1, shape: null, attributes: {}, outside: true, source: 'algorithm' });
    start = end + 1;
  }
  return keys;
}

/** The keyframes with each frame's camera boxes given back, within the tolerance in pixels. */
export function withCameraBoxes(keyframes: Keyframe[], frames: CameraBoxFrame[], tolerance = 0.01): Keyframe[] {
  const sorted = [...frames].sort((a, b) => a.frame - b.frame);
  if (!sorted.some((f) => f.cameraBoxes && Object.keys(f.cameraBoxes).length > 0)) return keyframes;
  const byFrame = new Map(sorted.map((f) => [f.frame, f.cameraBoxes]));
  const boxTrack = { keyframes: boxKeyframes(sorted, tolerance) };
  const boxKeys = new Set(boxTrack.keyframes.filter((k) => !k.outside).map((k) => k.frame));
  const shapeTrack = { keyframes };
  const source = keyframes[0]?.source ?? 'algorithm';
  const all = [...new Set([...keyframes.map((k) => k.frame), ...boxKeys])].sort((a, b) => a - b);
  return all.map((frame): Keyframe => {
    const own = keyframes.find((k) => k.frame === frame);
    const keyframe: Keyframe = own ? { ...own } : { frame, shape: shapeAt(shapeTrack, frame), attributes: {}, outside: false, source };
    if (keyframe.outside) return keyframe;
    const boxes = boxKeys.has(frame) ? byFrame.get(frame) : cameraBoxesAt(boxTrack, frame);
    if (boxes && Object.keys(boxes).length > 0) keyframe.cameraBoxes = boxes;
    return keyframe;
  });
}
