// A mask on a sequence keeps keyframes like any shape, but a painting is never carried past its last keyframe: the
// interpolation, the compaction of a per-frame series, the editor's copy forward and the timeline agree on it.
import { describe, expect, it } from 'vitest';
import { encodeMask } from '../editor/masks';
import { outsideSpans, propagate } from '../editor/tracks';
import { compactTrack, shapeAt } from './interpolation';
import type { Keyframe, MaskShape, ResultObject } from './result.schema';

const mask = (...pixels: number[]): MaskShape => encodeMask(4, 2, (offset) => pixels.includes(offset));
const key = (frame: number, shape: MaskShape | null): Keyframe => ({ frame, shape, attributes: {}, outside: shape === null, source: 'drawn' });
const road = (...keyframes: Keyframe[]): ResultObject => ({
  id: 'road',
  toolId: '00000000-0000-4000-8000-000000000001',
  toolVersion: 1,
  templateType: 'mask',
  className: 'road',
  attributes: {},
  group: null,
  keyframes,
});
const shownOn = (object: ResultObject, frameCount: number) => Array.from({ length: frameCount }, (_, frame) => shapeAt(object, frame));

describe('masks on a sequence', () => {
  it('holds a mask between its keyframes and ends it with the last one', () => {
    const object = road(key(2, mask(0)), key(5, mask(1)));
    expect(shownOn(object, 8)).toEqual([null, null, mask(0), mask(0), mask(0), mask(1), null, null]);
  });
  it('keeps a mask out of view from an outside keyframe', () => {
    expect(shownOn(road(key(0, mask(0)), key(2, null), key(3, mask(1))), 5)).toEqual([mask(0), mask(0), null, mask(1), null]);
  });
  it('copies a mask forward as one keyframe on the last frame copied to, and only so far', () => {
    const object = propagate(road(key(1, mask(0)), key(3, mask(7))), 1, 4, 10);
    expect(object.keyframes.map((k) => [k.frame, k.source])).toEqual([
      [1, 'drawn'],
      [5, 'copied'],
    ]);
    expect(shownOn(object, 8)).toEqual([null, mask(0), mask(0), mask(0), mask(0), mask(0), null, null]);
  });
  it('shows the frames after the last keyframe as out of view on the timeline', () => {
    expect(outsideSpans(road(key(2, mask(0)), key(4, mask(0))), 10)).toEqual([
      [0, 1],
      [5, 9],
    ]);
  });
  it('compacts a per-frame series to keyframes that give back every frame and nothing after', () => {
    const series = [0, 1, 2, 3].map((frame) => ({ frame, shape: frame < 3 ? mask(0) : mask(5) }));
    const keyframes = compactTrack(series, { frameCount: 10 });
    expect(shownOn(road(...keyframes), 10)).toEqual([mask(0), mask(0), mask(0), mask(5), null, null, null, null, null, null]);
    const still = compactTrack([4, 5, 6].map((frame) => ({ frame, shape: mask(2) })), { frameCount: 7 });
    expect(shownOn(road(...still), 7)).toEqual([null, null, null, null, mask(2), mask(2), mask(2)]);
  });
});
