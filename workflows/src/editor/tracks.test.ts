import { describe, expect, it } from 'vitest';
import { shapeAt } from '../items/interpolation';
import type { Keyframe, ResultObject, Shape } from '../items/result.schema';
import { moveObjects, setObjectAttribute, setShape } from './objects';
import { acceptFrame, deleteAt, keyframeFrames, nextKeyframeFrame, outsideFrom, outsideSpans, propagate } from './tracks';

const box = (x: number): Shape => ({ type: 'box', x, y: 0, width: 10, height: 10 });
const key = (frame: number, shape: Shape | null, over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes: {}, outside: shape === null, source: 'drawn', ...over });
const track = (...keyframes: Keyframe[]): ResultObject => ({
  id: 't1',
  toolId: '00000000-0000-4000-8000-000000000001',
  toolVersion: 1,
  templateType: 'box',
  className: 'car',
  attributes: {},
  group: null,
  keyframes,
});
const doc = (object: ResultObject) => ({ frameCount: 30, objects: [object], attributes: {} });
const frames = (object: ResultObject) => object.keyframes.map((k) => [k.frame, k.source, k.outside]);

describe('editor tracks', () => {
  describe(setShape.name, () => {
    it('makes a drawn keyframe where a frame between keyframes is edited, leaving the others', () => {
      const object = setShape(doc(track(key(0, box(0)), key(10, box(100)))), 't1', box(7), 5).objects[0];
      expect(frames(object)).toEqual([
        [0, 'drawn', false],
        [5, 'drawn', false],
        [10, 'drawn', false],
      ]);
      expect(shapeAt(object, 5)).toEqual(box(7));
    });
  });

  describe(moveObjects.name, () => {
    it('moves the shape the frame shows, interpolated or not', () => {
      const object = moveObjects(doc(track(key(0, box(0)), key(10, box(100)))), new Set(['t1']), 1, 0, 5).objects[0];
      expect(shapeAt(object, 5)).toEqual(box(51));
    });
    it('leaves an object out of view at the frame', () => {
      const before = doc(track(key(3, box(0))));
      expect(moveObjects(before, new Set(['t1']), 1, 0, 1)).toBe(before);
    });
  });

  describe(setObjectAttribute.name, () => {
    const attribute = { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', level: 1, required: false, instanceAttribute: false, frameAttribute: true, type: 'single' as const, display: 'tiled' as const, options: [] };
    it('sets a frame attribute on a keyframe made at that frame, keeping the shape it showed', () => {
      const object = setObjectAttribute(doc(track(key(0, box(0)), key(10, box(100)))), 't1', attribute, 'yes', 4).objects[0];
      expect(object.keyframes[1]).toMatchObject({ frame: 4, attributes: { occluded: 'yes' }, source: 'interpolated', shape: box(40) });
    });
  });

  describe(acceptFrame.name, () => {
    it('keeps the interpolated shape as a keyframe', () => {
      const object = acceptFrame(track(key(0, box(0)), key(10, box(100))), 3);
      expect(object.keyframes[1]).toMatchObject({ frame: 3, shape: box(30), source: 'interpolated', outside: false });
    });
  });

  describe(propagate.name, () => {
    it('copies the shape to the next frames, within the sequence', () => {
      const object = propagate(track(key(0, box(0)), key(10, box(100))), 27, 5, 30);
      expect(frames(object).slice(2)).toEqual([
        [27, 'interpolated', false],
        [28, 'copied', false],
        [29, 'copied', false],
      ]);
      expect(shapeAt(object, 29)).toEqual(box(100));
    });
    it('replaces keyframes in the way', () => {
      const object = propagate(track(key(0, box(0)), key(2, box(50))), 0, 3, 30);
      expect(object.keyframes.map((k) => k.shape)).toEqual([box(0), box(0), box(0), box(0)]);
    });
  });

  describe(outsideFrom.name, () => {
    it('hides the object from the frame until its next visible keyframe, the frames before unchanged', () => {
      const object = outsideFrom(track(key(0, box(0)), key(10, box(100)), key(20, box(0))), 15);
      expect(shapeAt(object, 12)).toEqual(box(80));
      expect(shapeAt(object, 14)).toEqual(box(60));
      expect(shapeAt(object, 15)).toBeNull();
      expect(shapeAt(object, 19)).toBeNull();
      expect(shapeAt(object, 20)).toEqual(box(0));
      const early = outsideFrom(track(key(0, box(0)), key(10, box(100))), 6);
      expect(shapeAt(early, 5)).toEqual(box(50));
      expect(shapeAt(early, 6)).toBeNull();
    });
  });

  describe(deleteAt.name, () => {
    it('removes the keyframe at the frame, the frame interpolated again', () => {
      const object = deleteAt(track(key(0, box(0)), key(5, box(0)), key(10, box(100))), 5);
      expect(object && shapeAt(object, 5)).toEqual(box(50));
    });
    it('sets the object outside from a frame without a keyframe, keeping the track', () => {
      const object = deleteAt(track(key(0, box(0)), key(10, box(100))), 12);
      expect(object?.id).toBe('t1');
      expect(object && shapeAt(object, 12)).toBeNull();
      expect(object && shapeAt(object, 10)).toEqual(box(100));
    });
    it('leaves an object already out of view at the frame', () => {
      const object = track(key(4, box(0)));
      expect(deleteAt(object, 2)).toBe(object);
    });
    it('gives nothing when the last visible keyframe goes', () => {
      expect(deleteAt(track(key(4, box(0))), 4)).toBeNull();
    });
  });

  describe(outsideSpans.name, () => {
    it('lists the frames before the first keyframe and each outside span', () => {
      expect(outsideSpans(track(key(3, box(0)), key(10, null), key(20, box(0)), key(25, null)), 30)).toEqual([
        [0, 2],
        [10, 19],
        [25, 29],
      ]);
    });
  });

  describe(nextKeyframeFrame.name, () => {
    const all = keyframeFrames([track(key(3, box(0)), key(10, box(0))), { ...track(key(7, box(0))), id: 't2' }]);
    it('steps from keyframe to keyframe across tracks, staying at the ends', () => {
      expect(all).toEqual([3, 7, 10]);
      expect(nextKeyframeFrame(all, 3, 1)).toBe(7);
      expect(nextKeyframeFrame(all, 8, -1)).toBe(7);
      expect(nextKeyframeFrame(all, 10, 1)).toBe(10);
      expect(nextKeyframeFrame(all, 3, -1)).toBe(3);
    });
  });
});
