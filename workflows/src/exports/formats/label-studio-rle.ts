// Label Studio's brush masks: the RGBA pixels of the image (width × height × 4 bytes) packed by run length into a bit
// stream, as @thi.ng/rle-pack writes it and Label Studio's converter reads it: a 32-bit count, the word size less one
// in 5 bits, four run-length sizes less one in 4 bits each, then chunks: a bit (1 a repeated word, 0 literal words),
// the size class in 2 bits, the run length less one in that many bits, and the word or words. Bits run from each
// byte's highest. A pixel is painted where its alpha is at least half.
import { encodeMask } from '../../editor/masks';
import type { MaskShape } from '../../items/result.schema';

const runSizes = [3, 4, 8, 16];

class BitReader {
  private position = 0;
  constructor(private readonly bytes: number[]) {}
  read(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i++, this.position++) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new RangeError('the runs end early');
      value = value * 2 + ((byte >> (7 - (this.position & 7))) & 1);
    }
    return value;
  }
}

class BitWriter {
  readonly bytes: number[] = [];
  private position = 0;
  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--, this.position++) {
      if ((this.position & 7) === 0) this.bytes.push(0);
      if (Math.floor(value / 2 ** i) % 2 === 1) this.bytes[this.bytes.length - 1] |= 1 << (7 - (this.position & 7));
    }
  }
}

/** The mask of a brush's runs over an image of this size, or null where the runs do not decode to its pixels. */
export function brushMask(rle: unknown, width: number, height: number): MaskShape | null {
  if (!Array.isArray(rle) || rle.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) return null;
  try {
    const input = new BitReader(rle as number[]);
    const count = input.read(32);
    const wordSize = input.read(5) + 1;
    const sizes = runSizes.map(() => input.read(4) + 1);
    if (count !== width * height * 4) return null;
    const alpha = new Uint8Array(width * height);
    let i = 0;
    const put = (value: number) => {
      if (i % 4 === 3) alpha[i >> 2] = value >= 128 ? 1 : 0;
      i++;
    };
    while (i < count) {
      const repeated = input.read(1) === 1;
      const length = 1 + input.read(sizes[input.read(2)]);
      if (i + length > count) return null;
      if (repeated) {
        const value = input.read(wordSize);
        for (let k = 0; k < length; k++) put(value);
      } else for (let k = 0; k < length; k++) put(input.read(wordSize));
    }
    return encodeMask(width, height, (offset) => alpha[offset] === 1);
  } catch {
    return null;
  }
}

/** A mask as a brush's runs: painted pixels 255 in every channel, the others 0. */
export function brushRle(mask: MaskShape): number[] {
  const output = new BitWriter();
  const count = mask.width * mask.height * 4;
  output.write(count, 32);
  output.write(8 - 1, 5);
  for (const size of runSizes) output.write(size - 1, 4);
  const longest = 2 ** runSizes[3];
  mask.counts.forEach((pixels, index) => {
    for (let left = pixels * 4; left > 0; ) {
      const length = Math.min(left, longest);
      const sizeClass = runSizes.findIndex((size) => length - 1 < 2 ** size);
      output.write(1, 1);
      output.write(sizeClass, 2);
      output.write(length - 1, runSizes[sizeClass]);
      output.write(index % 2 === 1 ? 255 : 0, 8);
      left -= length;
    }
  });
  return output.bytes;
}
