// COCO's run-length encoded masks (iscrowd regions, pycocotools' RLE): counts column by column from the top-left,
// either as a list of numbers or as pycocotools' compressed string, turned into the platform's row-major mask.
import { encodeMask } from '../../editor/masks';
import type { MaskShape } from '../../items/result.schema';
import { importDetails } from '../format';
import { messageRef } from '../../i18n/message-ref';

/** pycocotools' rleFrString: six-bit groups offset by 48, five value bits each, counts after the second as deltas. */
export function countsOfString(text: string): number[] | null {
  const counts: number[] = [];
  let at = 0;
  while (at < text.length) {
    let value = 0;
    let shift = 0;
    let more = true;
    while (more) {
      if (at >= text.length) return null;
      const group = text.charCodeAt(at) - 48;
      if (group < 0 || group > 63) return null;
      value |= (group & 0x1f) << shift;
      more = (group & 0x20) !== 0;
      at += 1;
      shift += 5;
      if (!more && group & 0x10) value |= -1 << shift;
    }
    if (counts.length > 2) value += counts[counts.length - 2];
    counts.push(value);
  }
  return counts;
}

/** The mask of an RLE segmentation `{ size: [height, width], counts }`, or why it cannot be read. */
export function maskOfRle(rle: { size?: unknown; counts?: unknown }): MaskShape | string {
  const size = rle.size;
  if (!Array.isArray(size) || size.length !== 2 || !size.every((v) => Number.isInteger(v) && v > 0)) return importDetails.rleSize;
  const [height, width] = size as number[];
  const counts = typeof rle.counts === 'string' ? countsOfString(rle.counts) : Array.isArray(rle.counts) && rle.counts.every((c) => Number.isInteger(c) && c >= 0) ? (rle.counts as number[]) : null;
  if (!counts) return importDetails.rleCounts;
  if (counts.some((c) => c < 0) || counts.reduce((a, b) => a + b, 0) !== width * height) return messageRef(importDetails.rleCover, { width, height });
  const painted = new Uint8Array(width * height);
  let offset = 0;
  counts.forEach((count, index) => {
    if (index % 2 === 1) for (let i = offset; i < offset + count; i++) painted[(i % height) * width + Math.floor(i / height)] = 1;
    offset += count;
  });
  return encodeMask(width, height, (pixel) => painted[pixel] === 1);
}
