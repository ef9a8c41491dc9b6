// Painted PNGs read back into masks: each pixel's key from its colour (a COCO panoptic segment id, R + 256 G + 256² B,
// or a palette colour of a class table, keyed the same way), and every key's pixels as a mask, in one pass.
import type { MaskShape } from '../../items/result.schema';
import type { Raster } from '../format';

/** Each pixel's colour as one number, R + 256 G + 256² B (COCO panoptic's segment id); 0 is black, unlabelled. */
export function colourKeysOf(raster: Raster): Uint32Array {
  const keys = new Uint32Array(raster.width * raster.height);
  const { rgba } = raster;
  for (let offset = 0; offset < keys.length; offset++) keys[offset] = rgba[offset * 4] + 256 * rgba[offset * 4 + 1] + 65_536 * rgba[offset * 4 + 2];
  return keys;
}

/** A colour key as the reader knows a colour: "r,g,b". */
export const colourOfKey = (key: number): string => `${key & 0xff},${(key >> 8) & 0xff},${(key >> 16) & 0xff}`;

/** The key of an "r,g,b" colour. */
export const keyOfColour = (r: number, g: number, b: number): number => r + 256 * g + 65_536 * b;

/**
 * The mask of every non-zero key of a frame, its runs as the editor writes them (unpainted first, no trailing empty
 * run), found in one walk over the pixels whatever the number of keys.
 */
export function masksOfKeys(width: number, height: number, keys: Uint32Array): Map<number, MaskShape> {
  const runs = new Map<number, { counts: number[]; end: number }>();
  const total = width * height;
  for (let offset = 0; offset < total; ) {
    const key = keys[offset];
    let end = offset + 1;
    while (end < total && keys[end] === key) end++;
    if (key !== 0) {
      const run = runs.get(key) ?? { counts: [], end: 0 };
      run.counts.push(offset - run.end, end - offset);
      run.end = end;
      runs.set(key, run);
    }
    offset = end;
  }
  const masks = new Map<number, MaskShape>();
  for (const [key, { counts, end }] of runs) masks.set(key, { type: 'mask', width, height, counts: end < total ? [...counts, total - end] : counts });
  return masks;
}
