// A PNG's pixels for the mask readers, which hold no image codec of their own: pngjs reads every colour type and bit
// depth (grey, palette, RGB, with or without alpha) into 8-bit RGBA.
import { PNG } from 'pngjs';
import type { Raster } from '@annot/workflows';

/** The PNG's pixels; throws where the bytes are no PNG. */
export function readPngRaster(content: Buffer): Raster {
  const png = PNG.sync.read(content);
  return { width: png.width, height: png.height, rgba: png.data };
}
