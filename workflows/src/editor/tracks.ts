// Changes the editor makes to one track at one frame of a sequence: a keyframe made where a shape is edited, an
// interpolated frame accepted, a shape copied forward, outside from a frame on, a keyframe deleted. The shape shown at
// any frame is always the interpolation module's; nothing here blends shapes a second way.
import { frameAttributesAt, shapeAt } from '../items/interpolation';
import type { Keyframe, ResultDocument, ResultObject, Shape } from '../items/result.schema';

type Source = Keyframe['source'];

/** Inserts or replaces the keyframe at its frame, keeping the keyframes sorted. */
export function putKeyframe(object: ResultObject, keyframe: Keyframe): ResultObject {
  const keyframes = object.keyframes.filter((k) => k.frame !== keyframe.frame);
  const at = keyframes.findIndex((k) => k.frame > keyframe.frame);
  keyframes.splice(at < 0 ? keyframes.length : at, 0, keyframe);
  return { ...object, keyframes };
}

export const keyframeAt = (object: ResultObject, frame: number): Keyframe | undefined => object.keyframes.find((k) => k.frame === frame);

/**
 * The object with a keyframe at the frame: the one it has, or a new one holding what the frame shows there (its shape,
 * or outside where it is not in view). The carried frame attributes stay on the keyframes that set them.
 */
export function withKeyframe(object: ResultObject, frame: number, source: Source): ResultObject {
  if (keyframeAt(object, frame)) return object;
  const shape = shapeAt(object, frame);
  return putKeyframe(object, { frame, shape, attributes: {}, outside: shape === null, source });
}

/** The object's shape at a frame set by hand: a keyframe there, drawn, in view. */
export function setShapeAt(object: ResultObject, shape: Shape, frame: number): ResultObject {
  const current = keyframeAt(object, frame);
  return putKeyframe(object, { frame, shape, attributes: current?.attributes ?? {}, outside: false, source: 'drawn' });
}

/** An interpolated frame kept as a keyframe, so later edits around it leave it where it is. */
export function acceptFrame(object: ResultObject, frame: number): ResultObject {
  return withKeyframe(object, frame, 'interpolated');
}

/**
 * Copies of the shape at the frame on each of the next `count` frames (within the sequence), replacing their
 * keyframes. A mask holds until its next keyframe, so its copy is one keyframe on the last of them, the keyframes
 * between dropped: its runs are stored twice rather than once a frame.
 */
export function propagate(object: ResultObject, frame: number, count: number, frameCount: number): ResultObject {
  const shape = shapeAt(object, frame);
  if (!shape) return object;
  let next = withKeyframe(object, frame, 'interpolated');
  const attributes = frameAttributesAt(object, frame);
  const last = Math.min(frameCount - 1, frame + count);
  if (shape.type === 'mask' && last > frame) {
    next = { ...next, keyframes: next.keyframes.filter((k) => k.frame <= frame || k.frame > last) };
    return putKeyframe(next, { frame: last, shape, attributes, outside: false, source: 'copied' });
  }
  for (let f = frame + 1; f <= last; f++) next = putKeyframe(next, { frame: f, shape, attributes: f === frame + 1 ? attributes : {}, outside: false, source: 'copied' });
  return next;
}

/**
 * The object out of view from the frame until its next visible keyframe. The shape it had before stays on the
 * frame before, so the frames leading up to it keep showing what they showed.
 */
export function outsideFrom(object: ResultObject, frame: number): ResultObject {
  const before = frame > 0 && shapeAt(object, frame - 1) ? withKeyframe(object, frame - 1, 'interpolated') : object;
  const current = keyframeAt(before, frame);
  return putKeyframe(before, { frame, shape: null, attributes: current?.attributes ?? {}, outside: true, source: current?.source ?? 'drawn' });
}

/**
 * Delete at a frame: the keyframe there is removed (the frame is then interpolated again), and where the frame has
 * none the object goes outside from it on (an object already out of view there stays as it is). Null when the only keyframe went: nothing of the track is left to show.
 */
export function deleteAt(object: ResultObject, frame: number): ResultObject | null {
  if (!keyframeAt(object, frame)) return shapeAt(object, frame) ? outsideFrom(object, frame) : object;
  const keyframes = object.keyframes.filter((k) => k.frame !== frame);
  return keyframes.some((k) => !k.outside) ? { ...object, keyframes } : null;
}

/** Applies a change to one object of the document; a null change removes it. */
export function changeObject(doc: ResultDocument, id: string, change: (object: ResultObject) => ResultObject | null): ResultDocument {
  const index = doc.objects.findIndex((o) => o.id === id);
  if (index < 0) return doc;
  const next = change(doc.objects[index]);
  if (next === doc.objects[index]) return doc;
  const objects = doc.objects.slice();
  if (next) objects[index] = next;
  else objects.splice(index, 1);
  return { ...doc, objects };
}

/** The frames of a sequence where any of the objects has a keyframe, sorted; for jumping from keyframe to keyframe. */
export function keyframeFrames(objects: ResultObject[]): number[] {
  const frames = new Set<number>();
  for (const object of objects) for (const k of object.keyframes) frames.add(k.frame);
  return [...frames].sort((a, b) => a - b);
}

/** The nearest keyframe frame after (step 1) or before (step -1) the frame, or the frame itself where there is none. */
export function nextKeyframeFrame(frames: number[], frame: number, step: 1 | -1): number {
  if (step > 0) return frames.find((f) => f > frame) ?? frame;
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i] < frame) return frames[i];
  return frame;
}

/** Spans of frames where the object is out of view, as [from, to] inclusive, within the sequence. */
export function outsideSpans(object: ResultObject, frameCount: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const first = object.keyframes[0]?.frame ?? frameCount;
  if (first > 0) spans.push([0, Math.min(first, frameCount) - 1]);
  object.keyframes.forEach((k, i) => {
    if (!k.outside) return;
    const end = (object.keyframes.slice(i + 1).find((n) => !n.outside)?.frame ?? frameCount) - 1;
    const last = spans.at(-1);
    if (last && last[1] >= k.frame - 1) last[1] = Math.max(last[1], end);
    else spans.push([k.frame, end]);
  });
  // A mask ends with its last keyframe.
  const last = object.keyframes.at(-1);
  if (last && !last.outside && last.shape?.type === 'mask' && last.frame < frameCount - 1) spans.push([last.frame + 1, frameCount - 1]);
  return spans;
}
