import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import { encodeMask } from '../editor/masks';
import { frameImageColumns } from './frame-images';
import { car, resultConfig } from './item.test-fixtures';
import type { Keyframe, ResultDocument, ResultObject, Shape } from './result.schema';
import { type ResultConfig, saveIssues } from './result.validation';

// A sequence of four frames from two cameras: 0 and 1 are 100 × 80, 2 and 3 a crop of 50 × 40.
const wide = { width: 100, height: 80 };
const crop = { width: 50, height: 40 };
const config: ResultConfig = { ...resultConfig, frameCount: 4, frameImages: [wide, wide, crop, crop] };
const at = (frame: number, shape: Shape | null): Keyframe => ({ frame, shape, attributes: {}, outside: shape === null, source: 'drawn' });
const box = (x: number, y: number, width = 10, height = 10): Shape => ({ type: 'box', x, y, width, height });
const track = (...keyframes: Keyframe[]): ResultObject => car({ keyframes });
const doc = (...objects: ResultObject[]): ResultDocument => ({ frameCount: 4, objects, attributes: {} });

describe('saveIssues of a sequence whose frames differ in size', () => {
  it("checks each keyframe against its own frame's size, not the first frame's", () => {
    expect(saveIssues(doc(track(at(0, box(60, 50)), at(1, null))), config)).toEqual([]);
    expect(saveIssues(doc(track(at(2, box(60, 50)))), config)).toEqual([
      { objectId: 'car-1', messageKey: 'items.result.outside_image', params: { frame: 2, width: 50, height: 40 } },
    ]);
    expect(saveIssues(doc(track(at(3, box(30, 20)))), config)).toEqual([]);
  });

  it('refuses a shape held or blended onto a smaller frame it does not fit, naming the first such frame', () => {
    expect(saveIssues(doc(track(at(0, box(60, 50)))), config)).toEqual([
      { objectId: 'car-1', messageKey: 'items.result.outside_image', params: { frame: 2, width: 50, height: 40 } },
    ]);
    expect(saveIssues(doc(track(at(1, box(80, 60)), at(3, box(30, 20)))), config).map((i) => i.params.frame)).toEqual([2]);
    expect(saveIssues(doc(track(at(0, box(60, 50)), at(2, null))), config)).toEqual([]);
  });

  it("checks a mask against its frame's size", () => {
    const maskTool = '00000000-0000-4000-8000-000000007201';
    const masks: ResultConfig = { ...config, tools: [{ toolId: maskTool, toolVersion: 1, definition: toolInput.parse({ name: 'road', templateType: 'mask' }) }] };
    const paint = (size: { width: number; height: number }) => encodeMask(size.width, size.height, (offset) => offset === 0);
    const road = (...keyframes: Keyframe[]): ResultObject => ({ ...car({ keyframes }), toolId: maskTool, templateType: 'mask', attributes: {} });
    expect(saveIssues(doc(road(at(1, paint(wide)), at(2, paint(crop)))), masks)).toEqual([]);
    expect(saveIssues(doc(road(at(2, paint(wide)))), masks)).toEqual([{ objectId: 'car-1', messageKey: 'items.result.mask_size', params: { frame: 2, width: 50, height: 40 } }]);
    expect(saveIssues(doc(road(at(0, paint(wide)), at(3, paint(crop)))), masks)).toEqual([{ objectId: 'car-1', messageKey: 'items.result.mask_size', params: { frame: 2, width: 50, height: 40 } }]);
  });
});

describe(frameImageColumns.name, () => {
  it("gives each frame's size only where the frames differ", () => {
    expect(frameImageColumns([100], [80], 3)).toBeUndefined();
    expect(frameImageColumns([100, 100], [80, 80], 2)).toBeUndefined();
    expect(frameImageColumns([100, 50], [80], 2)).toEqual([wide, { width: 50, height: 80 }]);
    expect(frameImageColumns([100, null], [80, 40], 2)).toEqual([wide, null]);
  });
});
