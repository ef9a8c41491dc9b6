import { describe, expect, it } from 'vitest';
import { toolInput } from './tool.schemas';

const issues = (input: object) => toolInput.safeParse(input).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];
const attribute = { name: 'color', displayName: 'Color', exportName: 'color', type: 'single', options: [{ name: 'red' }, { name: 'blue' }] };
const tool = { name: 'Vehicle box', templateType: 'box', attributes: [attribute] };

describe('toolInput', () => {
  it('accepts a box tool with a single-choice attribute', () => {
    expect(issues(tool)).toEqual([]);
  });
  it('accepts a mask tool, countable (things) or not (stuff)', () => {
    expect(toolInput.parse({ name: 'car', templateType: 'mask', countable: true }).countable).toBe(true);
    expect(toolInput.parse({ name: 'road', templateType: 'mask' }).countable).toBeUndefined();
    expect(issues({ name: 'car', templateType: 'mask', countable: 'yes' }).map((i) => i.path)).toEqual(['countable']);
  });
  it('says which value is empty', () => {
    expect(issues({ ...tool, name: ' ', attributes: [{ ...attribute, displayName: '' }] })).toEqual([
      { path: 'name', message: 'catalog.tool_name_empty' },
      { path: 'attributes.0.displayName', message: 'catalog.display_name_empty' },
    ]);
  });
  it('refuses repeated attribute names, repeated options and a hotkey used twice in one tool', () => {
    const twice = { ...tool, attributes: [{ ...attribute, hotkey: 'A' }, { ...attribute, hotkey: 'a', options: [{ name: 'x' }, { name: 'x' }] }] };
    expect(issues(twice)).toEqual([
      { path: 'attributes.1.options.1.name', message: 'catalog.value_repeat' },
      { path: 'attributes.1.name', message: 'catalog.value_repeat' },
      { path: 'attributes.1.hotkey', message: 'catalog.hotkey_repeat' },
    ]);
  });
  it.each([
    ['3', true],
    ['3,5*5,10', true],
    ['1,2,3,4,5', true],
    ['1,2,3,4,5,6', false],
    ['3.5', false],
    ['3*', false],
  ])('range circles %s -> %s', (rangeCircles, ok) => {
    expect(issues({ ...tool, rangeCircles }).length === 0).toBe(ok);
  });
  it.each([
    ['2:1', true],
    ['', true],
    ['2：1', false],
    ['0:1', false],
  ])('aspect ratio %s -> %s', (aspectRatio, ok) => {
    expect(issues({ ...tool, aspectRatio }).length === 0).toBe(ok);
  });
  it('keeps frame limits and counts within the seed’s bounds', () => {
    expect(issues({ ...tool, pointCloudOverlayFrames: 21 })).toEqual([{ path: 'pointCloudOverlayFrames', message: 'catalog.overlay_frames' }]);
    expect(issues({ ...tool, autoTrackFrames: 9 })).toEqual([{ path: 'autoTrackFrames', message: 'catalog.auto_track_frames' }]);
    expect(issues({ ...tool, autoTrackFrames: 20, sameBoxSizeCount: 0 })).toEqual([]);
    expect(issues({ ...tool, sameBoxSizeCount: -1 })).toEqual([{ path: 'sameBoxSizeCount', message: 'catalog.same_box_sizes' }]);
  });
  it('wants max characters not below min characters', () => {
    const input = { name: 'plate', displayName: 'Plate', exportName: 'plate', type: 'input', minChars: 5, maxChars: 3 };
    expect(issues({ ...tool, attributes: [input] })).toEqual([{ path: 'attributes.0.maxChars', message: 'catalog.max_below_min' }]);
  });
});
