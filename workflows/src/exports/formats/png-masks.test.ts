import { describe, expect, it } from 'vitest';
import { encodeMask } from '../../editor/masks';
import { readPng, rgbPng } from './masks.test-support';
import { colourKeysOf, colourOfKey, masksOfKeys } from './png-masks';

describe('colourKeysOf', () => {
  it("reads each pixel of a PNG as COCO panoptic's segment id, R + 256 G + 256² B, black as 0", () => {
    const colours: [number, number, number][] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [44, 3, 1], [255, 255, 255]];
    const keys = colourKeysOf(readPng(rgbPng(3, 2, (x, y) => colours[y * 3 + x])));
    expect([...keys]).toEqual([0, 1, 256, 65_536, 44 + 3 * 256 + 65_536, 16_777_215]);
    expect(colourOfKey(keys[4])).toBe('44,3,1');
  });
});

describe('masksOfKeys', () => {
  it('gives each key the mask the editor would write for its pixels, at the frame’s first pixel and its last alike', () => {
    const [w, h] = [7, 5];
    const keyAt = (offset: number) => (offset < 4 ? 3 : offset >= 30 ? 70_000 : offset % 6 === 0 ? 9 : 0);
    const keys = Uint32Array.from({ length: w * h }, (_, offset) => keyAt(offset));
    const masks = masksOfKeys(w, h, keys);
    expect([...masks.keys()].sort((a, b) => a - b)).toEqual([3, 9, 70_000]);
    for (const key of [3, 9, 70_000]) expect(masks.get(key)).toEqual(encodeMask(w, h, (offset) => keyAt(offset) === key));
  });
});
