// Per-point labels of a cloud as segment shapes: runs over the point indices alternating unlabelled and labelled,
// starting with an unlabelled run (0 where point 0 is labelled) and adding up to the cloud's size.
import type { SegmentShape } from '../items/result.schema';

/** A segment from a mask with one byte per point, non-zero where the point is labelled. */
export function segmentFromMask(mask: Uint8Array, pointCount = mask.length): SegmentShape {
  const counts: number[] = [];
  let labelled = false;
  let start = 0;
  for (let i = 0; i < pointCount; i++) {
    if (mask[i] !== 0 !== labelled) {
      counts.push(i - start);
      start = i;
      labelled = !labelled;
    }
  }
  counts.push(pointCount - start);
  return { type: 'segment', pointCount, counts };
}

/** A segment from indices sorted ascending; repeats are allowed, indices outside the cloud are left out. */
export function segmentFromIndices(indices: ArrayLike<number>, pointCount: number): SegmentShape {
  const counts: number[] = [];
  // The labelled run being built: [runStart, end); end is 0 before the first.
  let runStart = -1;
  let end = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    if (i < 0 || i >= pointCount || (runStart >= 0 && i < end)) continue;
    if (runStart >= 0 && i === end) {
      end++;
      continue;
    }
    if (runStart >= 0) counts.push(end - runStart);
    counts.push(i - end);
    runStart = i;
    end = i + 1;
  }
  if (runStart >= 0) counts.push(end - runStart);
  // As from a mask: no empty unlabelled run after the last labelled one.
  if (runStart < 0 || end < pointCount) counts.push(pointCount - end);
  return { type: 'segment', pointCount, counts };
}

/** The segment as one byte per point, 1 where labelled; written into `into` where given (it must hold pointCount). */
export function segmentToMask(shape: SegmentShape, into?: Uint8Array): Uint8Array {
  const mask = into ?? new Uint8Array(shape.pointCount);
  if (into) mask.fill(0, 0, shape.pointCount);
  forEachRun(shape, (start, end) => mask.fill(1, start, end));
  return mask;
}

/** The labelled points of the segment, ascending. */
export function segmentIndices(shape: SegmentShape): Uint32Array {
  const indices = new Uint32Array(segmentSize(shape));
  let k = 0;
  forEachRun(shape, (start, end) => {
    for (let i = start; i < end; i++) indices[k++] = i;
  });
  return indices;
}

/** How many points the segment labels. */
export function segmentSize(shape: SegmentShape): number {
  let size = 0;
  forEachRun(shape, (start, end) => (size += end - start));
  return size;
}

/** The segment with the given points (sorted ascending) labelled as well. */
export const addPoints = (shape: SegmentShape, indices: ArrayLike<number>): SegmentShape => editPoints(shape, indices, 1);

/** The segment without the given points (sorted ascending). */
export const removePoints = (shape: SegmentShape, indices: ArrayLike<number>): SegmentShape => editPoints(shape, indices, 0);

/**
 * One label per point for the per-point label export: 0 where no segment labels the point, else the label of the
 * last segment (in the order given) that does. Runs past `pointCount` are cut there.
 */
export function labelArray(segments: { label: number; shape: SegmentShape }[], pointCount: number): Uint16Array {
  const labels = new Uint16Array(pointCount);
  for (const { label, shape } of segments) {
    forEachRun(shape, (start, end) => {
      if (start < pointCount) labels.fill(label, start, Math.min(end, pointCount));
    });
  }
  return labels;
}

/** Calls `run` with each labelled run as [start, end), ascending, never past the shape's pointCount. */
export function forEachRun(shape: SegmentShape, run: (start: number, end: number) => void): void {
  const { counts, pointCount } = shape;
  let at = 0;
  for (let r = 0; r < counts.length && at < pointCount; r++) {
    const next = Math.min(pointCount, at + counts[r]);
    if (r % 2 === 1 && next > at) run(at, next);
    at = next;
  }
}

function editPoints(shape: SegmentShape, indices: ArrayLike<number>, value: 0 | 1): SegmentShape {
  const mask = segmentToMask(shape);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    if (i >= 0 && i < shape.pointCount) mask[i] = value;
  }
  return segmentFromMask(mask, shape.pointCount);
}
