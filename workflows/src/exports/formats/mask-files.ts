// What the two mask readers share: a PNG read through the service, refused by its path where it is no PNG or its size
// is not its image's, and where a mask file's stem puts its masks (an item, and the frame of a sequence).
import { type DecodeContext, type DecodeRefusal, importReasons, type Raster } from '../format';

/** Where a mask file's pixels go: the item's name as the file gives it, and the frame. */
export interface MaskPlace {
  itemName: string;
  frame: number;
}

/**
 * The item and frame a mask's stem names: the exports write a sequence's frame as "<item>/<frame, six digits>" (frames
 * from 0), a picture as its own stem; a stem of that form whose folder is no sequence of the batch is a picture's.
 */
export function placeOfStem(stem: string, context: DecodeContext): MaskPlace {
  const framed = /^(.+)\/(\d{6})$/.exec(stem);
  if (framed && (context.itemOf?.(framed[1])?.frameCount ?? 0) > 1) return { itemName: framed[1], frame: Number(framed[2]) };
  return { itemName: stem, frame: 0 };
}

/**
 * The PNG's pixels, or why it is refused: it cannot be read, or its size is not the one its image has (the file's
 * own image entry, else the batch's item, for a picture or a sequence's first frame).
 */
export function readMaskPng(
  path: string,
  content: Buffer,
  context: DecodeContext,
  expected: { name: string; width: number; height: number } | null,
  refusals: DecodeRefusal[],
): Raster | null {
  let raster: Raster;
  try {
    if (!context.readPng) throw new Error('no PNG reader');
    raster = context.readPng(content);
  } catch {
    refusals.push({ source: path, reasonKey: importReasons.pngUnreadable });
    return null;
  }
  if (expected && (raster.width !== expected.width || raster.height !== expected.height)) {
    refusals.push({ source: path, reasonKey: importReasons.pngSize, params: { width: raster.width, height: raster.height, value: expected.name, expectedWidth: expected.width, expectedHeight: expected.height } });
    return null;
  }
  return raster;
}

/** The size a mask of the item's frame must have where the batch knows it: a picture's, or a sequence's first frame's. */
export function itemSize(place: MaskPlace, context: DecodeContext): { name: string; width: number; height: number } | null {
  if (place.frame !== 0) return null;
  const size = context.sizeOf(place.itemName);
  return size ? { name: place.itemName, ...size } : null;
}
