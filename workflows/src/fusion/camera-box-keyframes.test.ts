import { describe, expect, it } from 'vitest';
import { cameraBoxesAt, shapeAt } from '../items/interpolation';
import type { BoxShape, CuboidShape, Keyframe } from '../items/result.schema';
import { type CameraBoxes, withCameraBoxes } from './camera-box-keyframes';

const cuboid = (x: number): CuboidShape => ({ type: 'cuboid', x, y: 0, z: 0, length: 4, width: 2, height: 1.5, yaw: 0 });
const box = (x: number, width = 40): BoxShape => ({ type: 'box', x, y: 100, width, height: 30 });
const key = (frame: number, shape: CuboidShape | null): Keyframe => ({ frame, shape, attributes: {}, outside: shape === null, source: 'algorithm' });

/** What the editor shows of a track at each frame: the cuboid's x and each camera's box. */
const seen = (keyframes: Keyframe[], frames: number) =>
  Array.from({ length: frames }, (_, frame) => {
    const shape = shapeAt({ keyframes }, frame) as CuboidShape | null;
    return { x: shape?.x ?? null, boxes: cameraBoxesAt({ keyframes }, frame) };
  });

describe(withCameraBoxes.name, () => {
  it('leaves the keyframes as they are where no frame has a camera box', () => {
    const keyframes = [key(0, cuboid(0)), key(9, cuboid(9))];
    expect(withCameraBoxes(keyframes, [{ frame: 0, cameraBoxes: undefined }, { frame: 9, cameraBoxes: {} }])).toBe(keyframes);
  });

  it('adds a keyframe, with the cuboid where it already was, only where the boxes change off the blend', () => {
    // A cuboid moving straight from x 0 to 9 (two keyframes); its front box slides 10 px a frame to frame 4, then stands.
    const keyframes = [key(0, cuboid(0)), key(9, cuboid(9))];
    const boxesAt = (frame: number): CameraBoxes => ({ front: box(Math.min(frame, 4) * 10) });
    const result = withCameraBoxes(keyframes, Array.from({ length: 10 }, (_, frame) => ({ frame, cameraBoxes: boxesAt(frame) })));
    expect(result.map((k) => k.frame)).toEqual([0, 4, 9]);
    expect(seen(result, 10)).toEqual(Array.from({ length: 10 }, (_, frame) => ({ x: frame, boxes: boxesAt(frame) })));
  });

  it('keeps a box from one span of the scene from blending into the next, and drops a camera where it ends', () => {
    // In the scene at frames 0-3 and 6-9 (outside at 4); a left box only in the first span, a front box only in the second.
    const keyframes = [key(0, cuboid(0)), key(4, null), key(6, cuboid(6))];
    const boxesAt = (frame: number): CameraBoxes | undefined => (frame < 4 ? { left: box(5) } : frame >= 8 ? { front: box(200, 60) } : undefined);
    const frames = [0, 1, 2, 3, 6, 7, 8, 9].map((frame) => ({ frame, cameraBoxes: boxesAt(frame) }));
    const result = withCameraBoxes(keyframes, frames);
    expect(seen(result, 10).map((f) => f.boxes)).toEqual(Array.from({ length: 10 }, (_, frame) => boxesAt(frame) ?? {}));
    expect(seen(result, 10).map((f) => f.x)).toEqual([0, 0, 0, 0, null, null, 6, 6, 6, 6]);
  });
});
