import { describe, expect, it } from 'vitest';
import type { Keyframe, ResultObject } from '../items/result.schema';
import { car, ids, resultWith } from '../items/item.test-fixtures';
import { resultDiff } from './result-diff';

const boxAt = (frame: number, x: number, width = 20, attributes: Keyframe['attributes'] = {}): Keyframe => ({ frame, shape: { type: 'box', x, y: 10, width, height: 10 }, attributes, outside: false, source: 'drawn' });
const track = (id: string, ...keyframes: Keyframe[]): ResultObject => car({ id, keyframes });
const otherTool = '00000000-0000-4000-8000-000000007002';

describe(resultDiff.name, () => {
  describe('objects', () => {
    it('given the same document at both moments, when compared, then nothing changed', () => {
      const doc = resultWith(car(), car({ id: 'car-2' }));
      expect(resultDiff(doc, structuredClone(doc))).toEqual({ objects: [], itemAttributes: [], counts: [{ toolId: ids.tool, className: null, before: 2, after: 2 }], unchanged: 2 });
    });

    it('given an object drawn and another deleted, when compared, then one is added and one removed', () => {
      const diff = resultDiff(resultWith(car({ id: 'old' }), car({ id: 'kept' })), resultWith(car({ id: 'kept' }), car({ id: 'new', className: 'truck' })));
      expect(diff.objects).toEqual([
        { objectId: 'new', kind: 'added', toolId: ids.tool, className: 'truck', aspects: [], attributes: [], frames: [] },
        { objectId: 'old', kind: 'removed', toolId: ids.tool, className: null, aspects: [], attributes: [], frames: [] },
      ]);
      expect(diff.unchanged).toBe(1);
      expect(diff.counts).toEqual([
        { toolId: ids.tool, className: null, before: 2, after: 1 },
        { toolId: ids.tool, className: 'truck', before: 0, after: 1 },
      ]);
    });

    it('given no result before the first save, when compared with it, then every object is added', () => {
      expect(resultDiff(null, resultWith(car())).objects.map((o) => o.kind)).toEqual(['added']);
    });

    it('given a box moved, when compared, then it moved on that frame and did not change size', () => {
      const diff = resultDiff(resultWith(track('a', boxAt(0, 10))), resultWith(track('a', boxAt(0, 30))));
      expect(diff.objects).toEqual([{ objectId: 'a', kind: 'changed', toolId: ids.tool, className: null, aspects: ['moved'], attributes: [], frames: [0] }]);
    });

    it('given a box widened from its left edge, when compared, then it moved and was resized', () => {
      expect(resultDiff(resultWith(track('a', boxAt(0, 10, 20))), resultWith(track('a', boxAt(0, 5, 40)))).objects[0].aspects).toEqual(['moved', 'resized']);
    });

    it('given a box turned in place, when compared, then it was reshaped', () => {
      const turned = car({ keyframes: [{ ...boxAt(0, 10), shape: { type: 'box', x: 10, y: 10, width: 20, height: 10, rotation: 0.5 } }] });
      expect(resultDiff(resultWith(car({ keyframes: [boxAt(0, 10)] })), resultWith(turned)).objects[0].aspects).toEqual(['reshaped']);
    });

    it('given a class, a tool and a group changed, when compared, then those are named', () => {
      const diff = resultDiff(resultWith(car()), resultWith(car({ className: 'truck', toolId: otherTool, group: { id: 'g1', name: 'vehicle' } })));
      expect(diff.objects[0]).toMatchObject({ kind: 'changed', className: 'truck', toolId: otherTool, aspects: ['class', 'group'] });
    });
  });

  describe('attributes', () => {
    it('given an instance attribute and a frame attribute changed, when compared, then each names its old and new value', () => {
      const before = resultWith(car({ attributes: { color: 'red' }, keyframes: [boxAt(0, 10, 20, { occluded: 'no' })] }));
      const after = resultWith(car({ attributes: { color: 'blue', size: ['big'] }, keyframes: [boxAt(0, 10, 20, { occluded: 'yes' })] }));
      expect(resultDiff(before, after).objects[0]).toMatchObject({
        aspects: ['attributes'],
        frames: [],
        attributes: [
          { name: 'color', frame: null, before: 'red', after: 'blue' },
          { name: 'size', frame: null, before: null, after: ['big'] },
          { name: 'occluded', frame: 0, before: 'no', after: 'yes' },
        ],
      });
    });

    it("given the item's own attribute changed, when compared, then it is listed apart from the objects", () => {
      const diff = resultDiff({ ...resultWith(), attributes: { weather: 'sun' } }, { ...resultWith(), attributes: { weather: 'rain' } });
      expect(diff.itemAttributes).toEqual([{ name: 'weather', frame: null, before: 'sun', after: 'rain' }]);
    });
  });

  describe('tracks over frames', () => {
    it('given a keyframe added on a track, when compared, then the frames where the shape now differs are listed', () => {
      const before = resultWith(track('a', boxAt(0, 10), boxAt(4, 50)));
      const after = resultWith(track('a', boxAt(0, 10), boxAt(2, 40), boxAt(4, 50)));
      // Frame 2 was interpolated at 30 and is now a keyframe at 40; frames 0 and 4 are as they were.
      expect(resultDiff({ ...before, frameCount: 5 }, { ...after, frameCount: 5 }).objects[0]).toMatchObject({ aspects: ['moved', 'keyframes'], frames: [2] });
    });

    it('given a track that leaves the scene earlier, when compared, then it is marked outside there', () => {
      const before = resultWith(track('a', boxAt(0, 10), boxAt(3, 10)));
      const after = resultWith(track('a', boxAt(0, 10), { frame: 3, shape: null, attributes: {}, outside: true, source: 'drawn' }));
      expect(resultDiff(before, after).objects[0]).toMatchObject({ aspects: ['outside'], frames: [3] });
    });
  });
});
