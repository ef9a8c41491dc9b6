// LZF decompression (the liblzf format PCL writes into binary_compressed PCD files).
import { PointCloudError } from './point-cloud-error';

/** Back-references at least this long and clear of what they write move in one copyWithin; a call costs more below. */
const longMatch = 64;

const invalid = () => new PointCloudError('pointcloud.compressed_invalid');

/**
 * The `rawSize` bytes `input` expands to; refuses input that reaches outside itself or its output. Bounds are checked
 * once per run, never per byte. Literal runs move four bytes at a time through DataViews (which read and write at any
 * offset), a back-reference too where its source lies at least four bytes behind (a shorter distance repeats bytes
 * being written, so it goes byte by byte). In Chromium this beats set() and copyWithin() on the literal runs of at
 * most 32 bytes and the matches of three or four that make up most of a scan's stream: each call costs more than
 * the copy.
 */
export function decompressLzf(input: Uint8Array, rawSize: number): Uint8Array {
  const output = new Uint8Array(rawSize);
  const from = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const to = new DataView(output.buffer);
  const inEnd = input.length;
  let ip = 0;
  let op = 0;
  while (ip < inEnd) {
    const ctrl = input[ip++];
    if (ctrl < 32) {
      const end = ip + ctrl + 1;
      if (end > inEnd || op + ctrl + 1 > rawSize) throw invalid();
      for (; ip + 4 <= end; ip += 4, op += 4) to.setInt32(op, from.getInt32(ip, true), true);
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
    const end = op + length + 2;
    if (ref < 0 || end > rawSize) throw invalid();
    const distance = op - ref;
    if (length + 2 >= longMatch && distance >= length + 2) {
      output.copyWithin(op, ref, ref + length + 2);
      op = end;
      continue;
    }
    if (distance >= 4) for (; op + 4 <= end; ref += 4, op += 4) to.setInt32(op, to.getInt32(ref, true), true);
    while (op < end) output[op++] = output[ref++];
  }
  if (op !== rawSize) throw new PointCloudError('pointcloud.truncated', { expected: rawSize, actual: op });
  return output;
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
