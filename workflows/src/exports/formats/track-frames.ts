// What the formats that give a track by its keyframes share (CVAT for video, Label Studio's video rectangles): the
// track read at every frame it is in the scene, so the import keeps the keyframes that give those frames back.
import { frameAttributesAt, shapeAt } from '../../items/interpolation';
import type { AttributeValues, Keyframe, Shape } from '../../items/result.schema';

/** The track's shape and values at every frame it is in the scene, from its first keyframe to the sequence's end. */
export function everyFrame<T>(keyframes: Keyframe[], frameCount: number, at: (frame: number, shape: Shape, attributes: AttributeValues) => T): T[] {
  const track = { keyframes };
  const read: T[] = [];
  if (keyframes.length === 0) return read;
  for (let frame = keyframes[0].frame; frame < frameCount; frame++) {
    const shape = shapeAt(track, frame);
    if (shape) read.push(at(frame, shape, frameAttributesAt(track, frame)));
  }
  return read;
}
