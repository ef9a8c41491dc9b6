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
      output.set(input.subarray(ip, ip + length), op);
      ip += length;
      op += length;
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
      // A back reference may overlap what it writes (a run), so it copies byte by byte.
      const end = op + length;
      while (op < end) output[op++] = output[ref++];
    }
  }
  if (op !== rawSize) throw new PointCloudError('pointcloud.truncated', { expected: rawSize, actual: op });
  return output;
}
