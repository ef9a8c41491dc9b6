// LZF decompression (the liblzf format PCL writes into binary_compressed PCD files).
import { PointCloudError } from './point-cloud-error';

/** The `rawSize` bytes `input` expands to; refuses input that reaches outside itself or its output. */
export function decompressLzf(input: Uint8Array, rawSize: number): Uint8Array {
  const output = new Uint8Array(rawSize);
  const inEnd = input.length;
  let ip = 0;
  let op = 0;
  while (ip < inEnd) {
    const ctrl = input[ip++];
    if (ctrl < 32) {
      const length = ctrl + 1;
      if (ip + length > inEnd || op + length > rawSize) throw new PointCloudError('pointcloud.compressed_invalid');
      // Literal runs are at most 32 bytes: a loop beats a subarray and set() at that length.
      for (let end = ip + length; ip < end; ) output[op++] = input[ip++];
    } else {
      let length = ctrl >> 5;
      if (length === 7) {
        if (ip >= inEnd) throw new PointCloudError('pointcloud.compressed_invalid');
        length += input[ip++];
      }
      if (ip >= inEnd) throw new PointCloudError('pointcloud.compressed_invalid');
      let ref = op - ((ctrl & 0x1f) << 8) - 1 - input[ip++];
      length += 2;
      if (ref < 0 || op + length > rawSize) throw new PointCloudError('pointcloud.compressed_invalid');
      if (length >= 24 && ref + length <= op) {
        // A long match clear of what it writes moves in one copy.
        output.copyWithin(op, ref, ref + length);
        op += length;
      } else {
        // A short one, or one overlapping what it writes (a run), byte by byte.
        const end = op + length;
        while (op < end) output[op++] = output[ref++];
      }
    }
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
