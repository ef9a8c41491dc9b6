import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import { encodeMask } from '../editor/masks';
import type { Keyframe, MaskShape, ResultDocument, ResultObject } from './result.schema';
import { type ResultConfig, saveIssues } from './result.validation';

const carTool = '00000000-0000-4000-8000-000000007101';
const roadTool = '00000000-0000-4000-8000-000000007102';
const config: ResultConfig = {
  tools: [
    { toolId: carTool, toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'mask', countable: true }) },
    { toolId: roadTool, toolVersion: 1, definition: toolInput.parse({ name: 'road', templateType: 'mask' }) },
  ],
  image: { width: 4, height: 2 },
};
const mask = (pixels: number[], width = 4, height = 2): MaskShape => encodeMask(width, height, (offset) => pixels.includes(offset));
const at = (frame: number, shape: MaskShape): Keyframe => ({ frame, shape, attributes: {}, outside: false, source: 'drawn' });
const region = (id: string, toolId: string, ...keyframes: Keyframe[]): ResultObject => ({
  id,
  toolId,
  toolVersion: 1,
  templateType: 'mask',
  className: null,
  attributes: {},
  group: null,
  keyframes,
});
const doc = (objects: ResultObject[], frameCount = 1): ResultDocument => ({ frameCount, objects, attributes: {} });

describe('saveIssues of masks', () => {
  it('accepts regions that share no pixel, things as several instances of one class', () => {
    const objects = [region('car-1', carTool, at(0, mask([0, 1]))), region('car-2', carTool, at(0, mask([2]))), region('road', roadTool, at(0, mask([4, 5, 6, 7])))];
    expect(saveIssues(doc(objects), config)).toEqual([]);
  });
  it('refuses two masks of one frame that share a pixel, naming both', () => {
    const objects = [region('car-1', carTool, at(0, mask([0, 1]))), region('road', roadTool, at(0, mask([1, 2])))];
    expect(saveIssues(doc(objects), config)).toEqual([{ objectId: 'road', messageKey: 'items.result.mask_overlap', params: { frame: 0, other: 'car-1' } }]);
  });
  it('checks every frame where a mask changes, with the masks in the scene there', () => {
    const objects = [region('car-1', carTool, at(0, mask([0])), at(2, mask([5]))), region('road', roadTool, at(1, mask([4, 5])), at(3, mask([4, 5])))];
    expect(saveIssues(doc(objects, 4), config)).toEqual([{ objectId: 'road', messageKey: 'items.result.mask_overlap', params: { frame: 2, other: 'car-1' } }]);
    // A mask ends with its last keyframe: the road painted on frame 1 alone is not on frame 2.
    const painted = [region('car-1', carTool, at(0, mask([0])), at(2, mask([5]))), region('road', roadTool, at(1, mask([4, 5])))];
    expect(saveIssues(doc(painted, 3), config)).toEqual([]);
  });
  it('refuses a second region of a class that is not countable on one frame', () => {
    const objects = [region('road-1', roadTool, at(0, mask([0]))), region('road-2', roadTool, at(0, mask([7])))];
    expect(saveIssues(doc(objects), config)).toEqual([{ objectId: 'road-2', messageKey: 'items.result.mask_stuff_repeat', params: { frame: 0, name: 'road' } }]);
  });
  it('refuses a mask that does not fit its frame', () => {
    expect(saveIssues(doc([region('car-1', carTool, at(0, mask([0], 3, 2)))]), config)).toEqual([
      { objectId: 'car-1', messageKey: 'items.result.mask_size', params: { frame: 0, width: 4, height: 2 } },
    ]);
    const short = { ...mask([0]), counts: [0, 1, 3] };
    expect(saveIssues(doc([region('car-1', carTool, at(0, short))]), config)).toEqual([{ objectId: 'car-1', messageKey: 'items.result.mask_runs', params: { frame: 0, pixels: 8 } }]);
  });
});
