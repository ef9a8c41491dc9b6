import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine';

describe(crc32Combine.name, () => {
  it('gives the CRC-32 of two byte runs end to end, for empty, short and long runs', () => {
    for (const [first, second] of [
      [0, 0],
      [0, 9],
      [9, 0],
      [5, 7],
      [1000, 123_457],
      [70_000, 1],
      [3, 2_500_000],
    ]) {
      const a = randomBytes(first);
      const b = randomBytes(second);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
