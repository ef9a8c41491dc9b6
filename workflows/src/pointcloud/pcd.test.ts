import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';
import { describe, expect, it } from 'vitest';
import { compressLzf, decompressLzf, lzfSlack } from './lzf';
import { parsePcd, readPcdHeader } from './pcd';
import type { PointCloud } from './point-cloud';
import { PointCloudError } from './point-cloud-error';
import { seededRandom } from '../quality/sampling/sample-draw';
import { packRgb, type PcdFieldSpec, writePcd } from './pcd-write';

const encodings = ['ascii', 'binary', 'binary_compressed'] as const;

// A small street scan: x, y, z, a normal of three values (COUNT 3, stepped over), intensity and a packed colour.
const streetFields: PcdFieldSpec[] = [
  { name: 'x', type: 'F', size: 4 },
  { name: 'y', type: 'F', size: 4 },
  { name: 'z', type: 'F', size: 4 },
  { name: 'normal', type: 'F', size: 4, count: 3 },
  { name: 'intensity', type: 'F', size: 4 },
  { name: 'rgb', type: 'F', size: 4 },
];
const streetPoints = 300;
const colourOf = (p: number): [number, number, number] => [(p * 7) % 256, (p * 13 + 5) % 256, (p * 29 + 200) % 256];
const streetValue = (p: number, f: number, e: number): number =>
  [
    () => Math.fround(p * 0.25 - 30),
    () => Math.fround(Math.sin(p) * 12.5),
    () => Math.fround(-1.7 + (p % 10) * 0.01),
    () => 0.5 + e,
    () => Math.fround((p % 100) / 3),
    () => packRgb(...colourOf(p)),
  ][f]();

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

function refusal(read: () => unknown): { messageKey: string; params: Record<string, unknown> } {
  try {
    read();
  } catch (error) {
    if (error instanceof PointCloudError) return { messageKey: error.messageKey, params: error.params };
    throw error;
  }
  throw new Error('the file was read');
}

describe('parsePcd', () => {
  describe('encodings', () => {
    const clouds = Object.fromEntries(encodings.map((encoding) => [encoding, parsePcd(writePcd(streetFields, streetPoints, streetValue, encoding))])) as Record<
      (typeof encodings)[number],
      PointCloud
    >;

    it.each(encodings)('reads every point of %s data with its position, intensity and colour', (encoding) => {
      const cloud = clouds[encoding];
      expect(cloud.count).toBe(streetPoints);
      for (const p of [0, 1, 17, 150, streetPoints - 1]) {
        expect([...cloud.positions.subarray(p * 3, p * 3 + 3)]).toEqual([streetValue(p, 0, 0), streetValue(p, 1, 0), streetValue(p, 2, 0)]);
        expect(cloud.intensity?.[p]).toBe(streetValue(p, 4, 0));
        expect([...cloud.colors!.subarray(p * 3, p * 3 + 3)]).toEqual(colourOf(p));
      }
    });

    it('gives the same cloud from ascii, binary and binary_compressed', () => {
      expect(clouds.ascii).toEqual(clouds.binary);
      expect(clouds.binary_compressed).toEqual(clouds.binary);
    });

    it('bounds the cloud by its points', () => {
      const xs = Array.from({ length: streetPoints }, (_, p) => streetValue(p, 0, 0));
      expect(clouds.binary.bounds.min[0]).toBe(Math.min(...xs));
      expect(clouds.binary.bounds.max[0]).toBe(Math.max(...xs));
    });
  });

  describe('fields', () => {
    it('reads fields with odd names, comments and unknown fields of every size in between', () => {
      const fields: PcdFieldSpec[] = [
        { name: '_', type: 'U', size: 1 },
        { name: 'label#1', type: 'I', size: 2 },
        { name: 'x', type: 'F', size: 4 },
        { name: 'time(s)', type: 'F', size: 8 },
        { name: 'y', type: 'F', size: 4 },
        { name: 'z', type: 'F', size: 4 },
        { name: 'ring', type: 'U', size: 2 },
        { name: 'i', type: 'F', size: 4 },
        { name: 'id', type: 'I', size: 8 },
      ];
      const value = (p: number, f: number) => [7, -3, p + 0.5, 1e9 + p, -p, 2.25, 63, p / 4, -123456789][f];
      for (const encoding of encodings) {
        const cloud = parsePcd(writePcd(fields, 12, value, encoding, { comments: ['# FIELDS a b c', '# written by hand'] }));
        expect(cloud.count).toBe(12);
        expect([...cloud.positions.subarray(9, 12)]).toEqual([3.5, -3, 2.25]);
        expect(cloud.intensity?.[3]).toBe(0.75);
        expect(cloud.colors).toBeNull();
      }
    });

    it('reads F8 coordinates and U2 intensity as their values', () => {
      const fields: PcdFieldSpec[] = [
        { name: 'x', type: 'F', size: 8 },
        { name: 'y', type: 'F', size: 8 },
        { name: 'z', type: 'F', size: 8 },
        { name: 'intensity', type: 'U', size: 2 },
      ];
      const value = (p: number, f: number) => [100.125 + p, 1 - 0.5 * p, 3, 40000 + p][f];
      for (const encoding of encodings) {
        const cloud = parsePcd(writePcd(fields, 5, value, encoding));
        expect([...cloud.positions]).toEqual([0, 1, 2, 3, 4].flatMap((p) => [100.125 + p, 1 - 0.5 * p, 3]));
        expect([...cloud.intensity!]).toEqual([40000, 40001, 40002, 40003, 40004]);
      }
    });

    it('takes reflectance and remission as intensity', () => {
      for (const name of ['reflectance', 'remission']) {
        const fields: PcdFieldSpec[] = ['x', 'y', 'z', name].map((field) => ({ name: field, type: 'F', size: 4 }));
        const cloud = parsePcd(writePcd(fields, 2, (p, f) => [1, 2, 3, 0.5 + p][f], 'binary'));
        expect([...cloud.intensity!]).toEqual([0.5, 1.5]);
      }
    });

    it('unpacks a U4 rgba colour', () => {
      const fields: PcdFieldSpec[] = [...['x', 'y', 'z'].map((name): PcdFieldSpec => ({ name, type: 'F', size: 4 })), { name: 'rgba', type: 'U', size: 4 }];
      for (const encoding of encodings) {
        const cloud = parsePcd(writePcd(fields, 1, (_, f) => [0, 0, 0, 0xff102030][f], encoding));
        expect([...cloud.colors!]).toEqual([0x10, 0x20, 0x30]);
      }
    });

    it('drops points with a non-finite coordinate', () => {
      const fields: PcdFieldSpec[] = ['x', 'y', 'z', 'intensity'].map((name) => ({ name, type: 'F', size: 4 }));
      const value = (p: number, f: number) => (f === 1 && p === 1 ? NaN : f === 2 && p === 3 ? Infinity : f === 3 ? p : 1);
      for (const encoding of encodings) {
        const cloud = parsePcd(writePcd(fields, 5, value, encoding));
        expect(cloud.count).toBe(3);
        expect([...cloud.intensity!]).toEqual([0, 2, 4]);
        expect(cloud.positions).toHaveLength(9);
      }
    });

    it('reads float32 fields at any byte offset in the data, bounding the cloud by the points it keeps', () => {
      // A U1 field first puts every later column of a compressed file off a 4-byte boundary unless the count is a
      // multiple of four; every fifth point has a far x and a non-finite y or z, and is dropped with its far x.
      const fields: PcdFieldSpec[] = [{ name: 'ring', type: 'U', size: 1 }, ...['x', 'y', 'z', 'intensity'].map((name): PcdFieldSpec => ({ name, type: 'F', size: 4 })), { name: 'rgb', type: 'F', size: 4 }];
      const dropped = (p: number) => p % 5 === 3;
      const value = (p: number, f: number) =>
        [p % 32, dropped(p) ? 1e6 : Math.fround(p * 0.75 - 9), p % 10 === 3 ? NaN : -p - 1, p % 10 === 8 ? -Infinity : Math.fround(p / 8), p, packRgb(p, 2 * p, 3 * p)][f];
      for (const points of [37, 40]) {
        const kept = Array.from({ length: points }, (_, p) => p).filter((p) => !dropped(p));
        const [ascii, binary, compressed] = encodings.map((encoding) => parsePcd(writePcd(fields, points, value, encoding)));
        expect(compressed).toEqual(ascii);
        expect(binary).toEqual(ascii);
        expect([...compressed.intensity!]).toEqual(kept);
        expect([...compressed.colors!.subarray(3, 6)]).toEqual([1, 2, 3]);
        expect(compressed.bounds).toEqual({
          min: [-9, -kept[kept.length - 1] - 1, 0],
          max: [Math.fround(kept[kept.length - 1] * 0.75 - 9), -1, Math.fround(kept[kept.length - 1] / 8)],
        });
      }
    });

    it('reads the header it was given', () => {
      const header = readPcdHeader(writePcd(streetFields, 4, streetValue, 'binary'));
      expect(header).toMatchObject({ version: '0.7', width: 4, height: 1, points: 4, encoding: 'binary', viewpoint: [0, 0, 0, 1, 0, 0, 0] });
      expect(header.fields[3]).toEqual({ name: 'normal', type: 'float32', size: 4, count: 3 });
    });
  });

  describe('refusals', () => {
    const xyz: PcdFieldSpec[] = ['x', 'y', 'z'].map((name) => ({ name, type: 'F', size: 4 }));

    it('refuses a cloud without z', () => {
      const bytes = writePcd(xyz.slice(0, 2), 3, () => 1, 'binary');
      expect(refusal(() => parsePcd(bytes))).toEqual({ messageKey: 'pointcloud.field_missing', params: { field: 'z' } });
    });

    it('refuses truncated binary data, saying how many bytes it expected', () => {
      const bytes = writePcd(xyz, 10, () => 1, 'binary');
      expect(refusal(() => parsePcd(bytes.subarray(0, bytes.length - 5)))).toEqual({
        messageKey: 'pointcloud.truncated',
        params: { expected: bytes.length, actual: bytes.length - 5 },
      });
    });

    it('refuses truncated compressed data', () => {
      const bytes = writePcd(xyz, 100, (p) => p, 'binary_compressed');
      expect(refusal(() => parsePcd(bytes.subarray(0, bytes.length - 1)))).toEqual({
        messageKey: 'pointcloud.truncated',
        params: { expected: bytes.length, actual: bytes.length - 1 },
      });
    });

    it('refuses ascii data with fewer rows than points', () => {
      const bytes = writePcd(xyz, 10, () => 1, 'ascii');
      const text = new TextDecoder().decode(bytes).split('\n').slice(0, -4).join('\n');
      expect(refusal(() => parsePcd(new TextEncoder().encode(text)))).toEqual({ messageKey: 'pointcloud.rows_missing', params: { expected: 10, actual: 7 } });
    });

    it('refuses compressed data that points outside itself', () => {
      const bytes = writePcd(xyz, 4, (p) => p, 'binary_compressed');
      const header = readPcdHeader(bytes);
      bytes[header.dataOffset + 8] = 0xe0; // a back reference before the first byte
      expect(refusal(() => parsePcd(bytes)).messageKey).toBe('pointcloud.compressed_invalid');
    });

    it('refuses a header without DATA, an unknown encoding, an unknown type and no points', () => {
      const text = new TextDecoder().decode(writePcd(xyz, 1, () => 1, 'ascii'));
      const edit = (from: string, to: string) => new TextEncoder().encode(text.replace(from, to));
      expect(refusal(() => parsePcd(edit('DATA ascii\n1 1 1\n', '')))).toEqual({ messageKey: 'pointcloud.header_invalid', params: { keyword: 'DATA' } });
      expect(refusal(() => parsePcd(edit('DATA ascii\n', '')))).toEqual({ messageKey: 'pointcloud.header_invalid', params: { keyword: '1' } });
      expect(refusal(() => parsePcd(edit('DATA ascii', 'DATA zip')))).toEqual({ messageKey: 'pointcloud.encoding_unknown', params: { encoding: 'zip' } });
      expect(refusal(() => parsePcd(edit('TYPE F F F', 'TYPE F F X')))).toEqual({ messageKey: 'pointcloud.type_unsupported', params: { field: 'z', type: 'X4' } });
      expect(refusal(() => parsePcd(edit('SIZE 4 4 4', 'SIZE 4 4')))).toEqual({ messageKey: 'pointcloud.header_invalid', params: { keyword: 'SIZE' } });
      expect(refusal(() => parsePcd(edit('POINTS 1', 'POINTS 0')))).toEqual({ messageKey: 'pointcloud.empty', params: {} });
    });
  });

  describe("three.js's PCDLoader on the same files", () => {
    const loader = new PCDLoader();
    it.each(encodings)('agrees on positions and intensity of %s data', (encoding) => {
      const bytes = writePcd(streetFields, streetPoints, streetValue, encoding);
      const ours = parsePcd(bytes);
      const theirs = loader.parse(toArrayBuffer(bytes)).geometry;
      expect(ours.positions).toEqual(theirs.getAttribute('position').array);
      expect(ours.intensity).toEqual(theirs.getAttribute('intensity').array);
    });
  });
});

describe('decompressLzf', () => {
  it('gives back what was compressed, runs and long matches included', () => {
    const input = new Uint8Array(20000);
    for (let i = 0; i < input.length; i++) input[i] = i < 5000 ? 7 : i < 12000 ? (i * 31) % 251 : (i >> 3) & 255;
    // A block of 1000 bytes written again: long matches that do not overlap what they write.
    for (let i = 0; i < 1000; i++) input[15000 + i] = input[16000 + i] = (i * i * 7 + 3) % 256;
    const compressed = compressLzf(input);
    expect(compressed.length).toBeLessThan(input.length);
    expect(decompressLzf(compressed, input.length)).toEqual(input);
  });

  it('expands into a lent array, writing nothing past the size and its slack', () => {
    const random = seededRandom(9);
    const input = Uint8Array.from({ length: 5000 }, (_, i) => (i % 7 < 3 ? 40 + (i % 3) : Math.floor(random() * 256)));
    const lent = new Uint8Array(input.length + lzfSlack + 16).fill(0xa5);
    const expanded = decompressLzf(compressLzf(input), input.length, lent);
    expect(expanded).toEqual(input);
    expect(expanded.buffer).toBe(lent.buffer);
    expect([...lent.subarray(input.length + lzfSlack)]).toEqual(Array(16).fill(0xa5));
    expect(() => decompressLzf(compressLzf(input), input.length, new Uint8Array(input.length))).toThrow(RangeError);
  });

  it('refuses output shorter than promised', () => {
    const compressed = compressLzf(new Uint8Array(100).fill(1));
    expect(refusal(() => decompressLzf(compressed, 120))).toEqual({ messageKey: 'pointcloud.truncated', params: { expected: 120, actual: 100 } });
  });

  it('repeats a short pattern over a long back-reference that overlaps what it writes', () => {
    // "ab" as a literal run, then 264 bytes copied from two bytes back (length code 7 + 255, distance 2).
    const expanded = decompressLzf(Uint8Array.of(1, 97, 98, 0xe0, 255, 1), 266);
    expect(new TextDecoder().decode(expanded)).toBe('ab'.repeat(133));
  });

  describe('malformed streams', () => {
    const invalid = { messageKey: 'pointcloud.compressed_invalid', params: {} };

    it('refuses a literal run longer than the stream left', () => {
      expect(refusal(() => decompressLzf(Uint8Array.of(9, 1, 2, 3), 10))).toEqual(invalid);
    });

    it('refuses a literal run or a back-reference that writes past the promised size', () => {
      expect(refusal(() => decompressLzf(Uint8Array.of(3, 1, 2, 3, 4), 3))).toEqual(invalid);
      expect(refusal(() => decompressLzf(Uint8Array.of(0, 1, 0x20, 0), 3))).toEqual(invalid);
    });

    it('refuses a back-reference to before the first byte', () => {
      expect(refusal(() => decompressLzf(Uint8Array.of(0, 1, 0x20, 1), 4))).toEqual(invalid);
    });

    it('refuses a back-reference cut off before its length or distance byte', () => {
      expect(refusal(() => decompressLzf(Uint8Array.of(0, 1, 0x20), 4))).toEqual(invalid);
      expect(refusal(() => decompressLzf(Uint8Array.of(0, 1, 0xe0), 20))).toEqual(invalid);
      expect(refusal(() => decompressLzf(Uint8Array.of(0, 1, 0xe0, 5), 20))).toEqual(invalid);
    });

    it('answers any stream, however damaged, with its bytes or a refusal, and never more than it promised', () => {
      const random = seededRandom(5);
      const original = new Uint8Array(4000);
      for (let i = 0; i < original.length; i++) original[i] = i % 300 < 200 ? (i >> 4) & 7 : Math.floor(random() * 256);
      const compressed = compressLzf(original);
      for (let round = 0; round < 300; round++) {
        const damaged = compressed.slice(0, round % 3 === 0 ? Math.floor(random() * compressed.length) : compressed.length);
        for (let flips = 0; flips < 3; flips++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        try {
          expect(decompressLzf(damaged, original.length)).toHaveLength(original.length);
        } catch (error) {
          expect(error).toBeInstanceOf(PointCloudError);
        }
      }
    });
  });
});
