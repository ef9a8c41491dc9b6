import { beforeAll, describe, expect, it } from 'vitest';
import { compileLzfWasm } from '../../assembly/compile-lzf';
import { seededRandom } from '../quality/sampling/sample-draw';
import { compressLzf, decompressLzf, type LzfExpander } from './lzf';
import { wasmLzf } from './lzf-wasm';
import { parsePcd } from './pcd';
import { writePcd } from './pcd-write';
import { ParseScratch } from './point-cloud-build';
import { PointCloudError } from './point-cloud-error';

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');

/** What a decoder answers for a stream: its bytes (as hex, compared at once), or the refusal a caller would see. */
function outcome(expand: () => Uint8Array): { bytes: string } | { messageKey: string; params: Record<string, unknown> } {
  try {
    return { bytes: hex(expand()) };
  } catch (error) {
    if (error instanceof PointCloudError) return { messageKey: error.messageKey, params: error.params };
    throw error;
  }
}

describe(wasmLzf.name, () => {
  let wasm: LzfExpander;
  beforeAll(async () => {
    const expander = wasmLzf(await compileLzfWasm());
    if (!expander) throw new Error('the compiled decoder did not load');
    wasm = expander;
  }, 60_000);

  /** Both decoders on the same stream: the same bytes or the same refusal. */
  const expectSameAsJs = (input: Uint8Array, rawSize: number) =>
    expect(outcome(() => wasm.expand(input, rawSize))).toEqual(outcome(() => decompressLzf(input, rawSize)));

  describe('expand', () => {
    it('gives the same bytes as the JavaScript decoder on random data of every compressibility and size', () => {
      const random = seededRandom(23);
      for (const size of [1, 2, 3, 31, 32, 33, 100, 1000, 4096, 70_000]) {
        for (const repeats of [0, 0.5, 0.95]) {
          // Runs of a few repeated bytes among random ones: matches of every length and distance, literal runs of every length.
          const input = new Uint8Array(size);
          for (let i = 0; i < size; i++) input[i] = i > 8 && random() < repeats ? input[i - 1 - Math.floor(random() * 8)] : Math.floor(random() * 256);
          const compressed = compressLzf(input);
          expect(hex(wasm.expand(compressed, size))).toBe(hex(input));
          expectSameAsJs(compressed, size);
        }
      }
    });

    it('repeats a pattern over matches that overlap what they write, at distances 1 to 9', () => {
      for (let distance = 1; distance <= 9; distance++) {
        // `distance` literal bytes, then a match of 264 bytes (length code 7 + 255) copied from `distance` back.
        const literals = Array.from({ length: distance }, (_, i) => 65 + i);
        const stream = Uint8Array.of(distance - 1, ...literals, 0xe0, 255, distance - 1);
        const expected = Array.from({ length: distance + 264 }, (_, i) => literals[i % distance]);
        expect([...wasm.expand(stream, expected.length)]).toEqual(expected);
        expectSameAsJs(stream, expected.length);
      }
    });

    it('expands an empty stream to nothing and refuses it for any size above none', () => {
      expect(wasm.expand(new Uint8Array(0), 0)).toHaveLength(0);
      expect(outcome(() => wasm.expand(new Uint8Array(0), 5))).toEqual({ messageKey: 'pointcloud.truncated', params: { expected: 5, actual: 0 } });
    });

    it('keeps answering rightly after a larger stream grew its memory and a smaller one follows', () => {
      const random = seededRandom(4);
      for (const size of [1000, 3_000_000, 200]) {
        const input = new Uint8Array(size);
        for (let i = 0; i < size; i++) input[i] = i % 5 < 2 ? 7 : Math.floor(random() * 256);
        expect(hex(wasm.expand(compressLzf(input), size))).toBe(hex(input));
      }
    });
  });

  describe('malformed streams', () => {
    it('refuses each malformed stream as the JavaScript decoder does', () => {
      const cases: [number[], number][] = [
        [[9, 1, 2, 3], 10], // a literal run longer than the stream left
        [[3, 1, 2, 3, 4], 3], // a literal run past the promised size
        [[0, 1, 0x20, 0], 3], // a match past the promised size
        [[0, 1, 0x20, 1], 4], // a match to before the first byte
        [[0, 1, 0x20], 4], // a match cut off before its distance byte
        [[0, 1, 0xe0], 20], // ... before its length byte
        [[0, 1, 0xe0, 5], 20], // ... after its length byte
        [[0, 1], 20], // a stream that ends early
      ];
      for (const [stream, rawSize] of cases) {
        const refused = outcome(() => wasm.expand(Uint8Array.from(stream), rawSize));
        expect(refused).not.toHaveProperty('bytes');
        expect(refused).toEqual(outcome(() => decompressLzf(Uint8Array.from(stream), rawSize)));
      }
    });

    it('answers every damaged stream as the JavaScript decoder does', () => {
      const random = seededRandom(5);
      const original = new Uint8Array(4000);
      for (let i = 0; i < original.length; i++) original[i] = i % 300 < 200 ? (i >> 4) & 7 : Math.floor(random() * 256);
      const compressed = compressLzf(original);
      for (let round = 0; round < 500; round++) {
        const damaged = compressed.slice(0, round % 3 === 0 ? Math.floor(random() * compressed.length) : compressed.length);
        for (let flips = 0; flips < 3; flips++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        expectSameAsJs(damaged, original.length);
      }
    });
  });

  it('reads a compressed PCD into the same cloud as the JavaScript decoder, given in a parse scratch', () => {
    const random = seededRandom(8);
    const fields = ['x', 'y', 'z', 'intensity'].map((name) => ({ name, type: 'F' as const, size: 4 as const }));
    const values = Array.from({ length: 5000 * 4 }, (_, i) => (i % 4 === 3 ? Math.floor(random() * 256) : Math.fround((random() - 0.5) * 100)));
    const bytes = writePcd(fields, 5000, (point, field) => values[point * 4 + field], 'binary_compressed');
    const ours = parsePcd(bytes.slice(), { reuseInput: true, scratch: new ParseScratch(wasm) });
    const theirs = parsePcd(bytes);
    expect(ours.count).toBe(5000);
    expect(ours.positions).toEqual(theirs.positions);
    expect(ours.intensity).toEqual(theirs.intensity);
    expect(ours.bounds).toEqual(theirs.bounds);
  });

  it('is null where the module does not load, so the caller keeps the JavaScript decoder', () => {
    expect(wasmLzf(Uint8Array.of(0, 97, 115, 109, 9, 9, 9, 9))).toBeNull();
  });
});
