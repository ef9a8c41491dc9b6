// LZF decompression (the liblzf format PCL writes into binary_compressed PCD files).
import { PointCloudError } from './point-cloud-error';

/** Back-references at least this long and clear of what they write move in one copyWithin; a call costs more below. */
const longMatch = 64;

const invalid = () => new PointCloudError('pointcloud.compressed_invalid');

/**
 * Bytes past the expanded size that the decompressor writes into and leaves undefined: it copies a literal run as 16
 * or 32 bytes and a short match as 8, whatever their length, and the next run writes over what lands past one's end.
 */
export const lzfSlack = 32;

/** Expands LZF streams one after another, each into memory it lends until its next call; refuses as decompressLzf does. */
export interface LzfExpander {
  expand(input: Uint8Array, rawSize: number): Uint8Array;
}

/**
 * The `rawSize` bytes `input` expands to, at the start of `output` (by default a fresh array; one lent must hold
 * rawSize + lzfSlack bytes); refuses input that reaches outside itself or its output. Bounds are checked once per
 * run, never per byte. Runs move four bytes at a time through DataViews (which read and write at any offset), and
 * the common ones in a fixed number of moves: literal runs of up to 32 bytes and matches of up to 8 whose source lies
 * at least 8 bytes behind (a shorter distance repeats bytes being written, so it goes byte by byte). A scan's stream
 * is mostly these, in an order no branch predictor guesses, so fewer branches beat exact copies; set() and
 * copyWithin() cost more per call than such a copy.
 */
export function decompressLzf(input: Uint8Array, rawSize: number, output: Uint8Array = new Uint8Array(rawSize + lzfSlack)): Uint8Array {
  if (output.length < rawSize + lzfSlack) throw new RangeError(`LZF output of ${output.length} bytes, ${rawSize + lzfSlack} needed`);
  const from = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const to = new DataView(output.buffer, output.byteOffset, output.byteLength);
  const inEnd = input.length;
  const wideInEnd = inEnd - 32;
  let ip = 0;
  let op = 0;
  while (ip < inEnd) {
    const ctrl = input[ip++];
    if (ctrl < 32) {
      const length = ctrl + 1;
      if (op + length > rawSize) throw invalid();
      if (ip <= wideInEnd) {
        to.setInt32(op, from.getInt32(ip, true), true);
        to.setInt32(op + 4, from.getInt32(ip + 4, true), true);
        to.setInt32(op + 8, from.getInt32(ip + 8, true), true);
        to.setInt32(op + 12, from.getInt32(ip + 12, true), true);
        if (length > 16) {
          to.setInt32(op + 16, from.getInt32(ip + 16, true), true);
          to.setInt32(op + 20, from.getInt32(ip + 20, true), true);
          to.setInt32(op + 24, from.getInt32(ip + 24, true), true);
          to.setInt32(op + 28, from.getInt32(ip + 28, true), true);
        }
        ip += length;
        op += length;
        continue;
      }
      const end = ip + length;
      if (end > inEnd) throw invalid();
      while (ip < end) output[op++] = input[ip++];
      continue;
    }
    let length = ctrl >> 5;
    if (length === 7) {
      if (ip + 1 >= inEnd) throw invalid();
      length += input[ip++];
    } else if (ip >= inEnd) {
      throw invalid();
    }
    let ref = op - ((ctrl & 0x1f) << 8) - 1 - input[ip++];
    length += 2;
    const end = op + length;
    if (ref < 0 || end > rawSize) throw invalid();
    const distance = op - ref;
    if (length <= 8 && distance >= 8) {
      to.setInt32(op, to.getInt32(ref, true), true);
      to.setInt32(op + 4, to.getInt32(ref + 4, true), true);
      op = end;
      continue;
    }
    if (length >= longMatch && distance >= length) {
      output.copyWithin(op, ref, ref + length);
      op = end;
      continue;
    }
    if (distance >= 4) for (; op + 4 <= end; ref += 4, op += 4) to.setInt32(op, to.getInt32(ref, true), true);
    while (op < end) output[op++] = output[ref++];
  }
  if (op !== rawSize) throw new PointCloudError('pointcloud.truncated', { expected: rawSize, actual: op });
  return output.subarray(0, rawSize);
}

/** An LZF compressor in liblzf's format: greedy matches found by a hash of three bytes. */
export function compressLzf(input: Uint8Array): Uint8Array {
  const n = input.length;
  const out = new Uint8Array(n + Math.ceil(n / 32) + 16);
  const table = new Int32Array(1 << 14).fill(-1);
  let ip = 0;
  let op = 1;
  let literalAt = 0;
  let literals = 0;
  const literal = () => {
    out[op++] = input[ip++];
    if (++literals === 32) {
      out[literalAt] = 31;
      literalAt = op++;
      literals = 0;
    }
  };
  while (ip < n - 2) {
    const hash = ((input[ip] << 16) | (input[ip + 1] << 8) | input[ip + 2]) * 2654435761 >>> 18;
    const ref = table[hash];
    table[hash] = ip;
    const distance = ip - ref - 1;
    if (ref >= 0 && distance < 8192 && input[ref] === input[ip] && input[ref + 1] === input[ip + 1] && input[ref + 2] === input[ip + 2]) {
      let length = 3;
      const longest = Math.min(264, n - ip);
      while (length < longest && input[ref + length] === input[ip + length]) length++;
      if (literals > 0) out[literalAt] = literals - 1;
      else op--;
      const code = length - 2;
      if (code < 7) out[op++] = (distance >> 8) + (code << 5);
      else {
        out[op++] = (distance >> 8) + (7 << 5);
        out[op++] = code - 7;
      }
      out[op++] = distance & 255;
      ip += length;
      literalAt = op++;
      literals = 0;
    } else {
      literal();
    }
  }
  while (ip < n) literal();
  if (literals > 0) out[literalAt] = literals - 1;
  else op--;
  return out.slice(0, op);
}
