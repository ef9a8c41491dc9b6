import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from './masks-png';

const decode = (png: Uint8Array) => PNG.sync.read(Buffer.from(png));

describe('encodePng', () => {
  it('writes grey pixels a PNG reader gets back', () => {
    const pixels = Uint8Array.from({ length: 7 * 5 }, (_, i) => (i % 7 < 3 ? 255 : i % 11));
    const image = decode(encodePng(7, 5, 1, pixels));
    expect([image.width, image.height]).toEqual([7, 5]);
    // The reader gives RGBA; grey repeats in R, G and B.
    expect(Array.from({ length: 35 }, (_, i) => image.data[i * 4])).toEqual([...pixels]);
  });
  it('writes RGB pixels a PNG reader gets back', () => {
    const pixels = Uint8Array.from({ length: 4 * 3 * 3 }, (_, i) => (i * 37) % 256);
    const image = decode(encodePng(4, 3, 3, pixels));
    expect(Array.from({ length: 12 }, (_, i) => [...image.data.subarray(i * 4, i * 4 + 3)])).toEqual(Array.from({ length: 12 }, (_, i) => [...pixels.subarray(i * 3, i * 3 + 3)]));
  });
  it('keeps a flat frame small', () => {
    const pixels = new Uint8Array(1920 * 1080 * 3).fill(7);
    const png = encodePng(1920, 1080, 3, pixels);
    expect(png.length).toBeLessThan(100_000);
    expect(decode(png).data[4 * 1000 + 2]).toBe(7);
  });
});
