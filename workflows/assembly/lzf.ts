// LZF decompression in AssemblyScript, built into WebAssembly for the console's point cloud worker: the stream format
// and the refusals of decompressLzf in src/pointcloud/lzf.ts, about twice as fast on a scan's stream.

/**
 * Expands the LZF stream of `inLength` bytes at `input` into `rawSize` bytes at `output`, whose memory must reach 32
 * bytes past rawSize; answers how many bytes it wrote (fewer than rawSize where the stream ends early), or -1 where
 * the stream reaches outside itself or past rawSize. Literal runs move as 32 bytes and matches at least 8 bytes behind
 * as 8 at a time, whatever their length: a scan's stream is mostly short runs in an order no branch predictor guesses,
 * so fewer branches beat exact copies, and the next run writes over what lands past one's end.
 */
export function decompress(input: usize, inLength: usize, output: usize, rawSize: usize): isize {
  const inEnd = input + inLength;
  const outEnd = output + rawSize;
  let ip = input;
  let op = output;
  while (ip < inEnd) {
    const ctrl = <usize>load<u8>(ip++);
    if (ctrl < 32) {
      const length = ctrl + 1;
      if (op + length > outEnd || ip + length > inEnd) return -1;
      if (ip + 32 <= inEnd) {
        store<u64>(op, load<u64>(ip));
        store<u64>(op, load<u64>(ip, 8), 8);
        store<u64>(op, load<u64>(ip, 16), 16);
        store<u64>(op, load<u64>(ip, 24), 24);
      } else {
        memory.copy(op, ip, length);
      }
      ip += length;
      op += length;
      continue;
    }
    let length = ctrl >> 5;
    if (length == 7) {
      if (ip + 1 >= inEnd) return -1;
      length += <usize>load<u8>(ip++);
    } else if (ip >= inEnd) {
      return -1;
    }
    const distance = ((ctrl & 0x1f) << 8) + 1 + <usize>load<u8>(ip++);
    length += 2;
    if (distance > op - output || op + length > outEnd) return -1;
    let ref = op - distance;
    const end = op + length;
    if (distance >= 8) {
      // Each 8 bytes read lie wholly behind the ones being written, so a match that overlaps itself repeats rightly.
      do {
        store<u64>(op, load<u64>(ref));
        op += 8;
        ref += 8;
      } while (op < end);
      op = end;
      continue;
    }
    while (op < end) store<u8>(op++, load<u8>(ref++));
  }
  return <isize>(op - output);
}
