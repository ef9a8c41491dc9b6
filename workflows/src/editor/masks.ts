// Masks of a panoptic frame: run-length encoding and decoding, and painting on a label map where each pixel belongs
// to at most one region, so brushing, filling or filling the rest takes pixels away from every other region.
import type { MaskShape, ResultPoint } from '../items/result.schema';

/**
 * Every pixel of a frame, row by row: 0 where nothing is painted, else the 1-based number of the region holding it.
 * Numbers index a list of region ids the caller keeps (`regions[label - 1]`).
 */
export interface LabelMap {
  width: number;
  height: number;
  labels: Uint16Array;
}

export const emptyLabelMap = (width: number, height: number): LabelMap => ({ width, height, labels: new Uint16Array(width * height) });

/** The painted spans of a mask, as [start, end) pixel offsets in row-major order, in order. */
export function maskSpans(mask: Pick<MaskShape, 'counts'>): [number, number][] {
  const spans: [number, number][] = [];
  let offset = 0;
  mask.counts.forEach((count, index) => {
    if (index % 2 === 1 && count > 0) spans.push([offset, offset + count]);
    offset += count;
  });
  return spans;
}

/** Pixels a mask paints. */
export const maskArea = (mask: Pick<MaskShape, 'counts'>): number => mask.counts.reduce((sum, count, index) => (index % 2 === 1 ? sum + count : sum), 0);

/** The pixels a mask's runs cover: width × height when it fits its frame. */
export const maskLength = (mask: Pick<MaskShape, 'counts'>): number => mask.counts.reduce((sum, count) => sum + count, 0);

/** The mask of the pixels where `painted` answers true, offsets in row-major order. */
export function encodeMask(width: number, height: number, painted: (offset: number) => boolean): MaskShape {
  const counts: number[] = [];
  let state = false;
  let run = 0;
  const total = width * height;
  for (let offset = 0; offset < total; offset++) {
    if (painted(offset) !== state) {
      counts.push(run);
      state = !state;
      run = 0;
    }
    run += 1;
  }
  counts.push(run);
  return { type: 'mask', width, height, counts };
}

/** One region of a label map as a mask. */
export const maskOfLabel = (map: LabelMap, label: number): MaskShape => encodeMask(map.width, map.height, (offset) => map.labels[offset] === label);

/**
 * The label map of a frame's masks, each region numbered by its position in the list plus one. Where two masks
 * claim a pixel, the later one holds it, which is what painting it later would have done.
 */
export function labelMapOf(width: number, height: number, masks: Pick<MaskShape, 'counts'>[]): LabelMap {
  const map = emptyLabelMap(width, height);
  masks.forEach((mask, index) => {
    for (const [start, end] of maskSpans(mask)) map.labels.fill(index + 1, Math.min(start, map.labels.length), Math.min(end, map.labels.length));
  });
  return map;
}

/** What a paint operation does to a pixel it reaches: give it to a region, or clear it. */
export interface Paint {
  /** The region's label, or 0 to erase. */
  label: number;
  /** Erase only this region's pixels; without it the eraser clears whatever it reaches. */
  only?: number;
}

function apply(map: LabelMap, offset: number, paint: Paint): void {
  if (paint.label === 0 && paint.only !== undefined && map.labels[offset] !== paint.only) return;
  map.labels[offset] = paint.label;
}

/** Paints a disc of pixels whose centres lie within the radius of a point. */
function paintDisc(map: LabelMap, centre: ResultPoint, radius: number, paint: Paint): void {
  const top = Math.max(0, Math.floor(centre.y - radius));
  const bottom = Math.min(map.height - 1, Math.ceil(centre.y + radius));
  for (let y = top; y <= bottom; y++) {
    const dy = y + 0.5 - centre.y;
    const reach = radius * radius - dy * dy;
    if (reach < 0) continue;
    const half = Math.sqrt(reach);
    const left = Math.max(0, Math.ceil(centre.x - half - 0.5));
    const right = Math.min(map.width - 1, Math.floor(centre.x + half - 0.5));
    for (let x = left; x <= right; x++) apply(map, y * map.width + x, paint);
  }
}

/**
 * A brush or eraser stroke through points with a diameter in pixels, as a new map: discs along the path, close
 * enough that a fast stroke leaves no gaps.
 */
export function paintStroke(map: LabelMap, points: ResultPoint[], diameter: number, paint: Paint): LabelMap {
  const next = { ...map, labels: map.labels.slice() };
  const radius = Math.max(0.5, diameter / 2);
  const step = Math.max(0.5, radius / 2);
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous) {
      const distance = Math.hypot(point.x - previous.x, point.y - previous.y);
      for (let travelled = step; travelled < distance; travelled += step) {
        const t = travelled / distance;
        paintDisc(next, { x: previous.x + (point.x - previous.x) * t, y: previous.y + (point.y - previous.y) * t }, radius, paint);
      }
    }
    paintDisc(next, point, radius, paint);
  });
  return next;
}

/** Fills a polygon (pixel centres inside it by the even-odd rule) with a region, as a new map. */
export function fillPolygon(map: LabelMap, polygon: ResultPoint[], paint: Paint): LabelMap {
  const next = { ...map, labels: map.labels.slice() };
  if (polygon.length < 3) return next;
  for (let y = 0; y < map.height; y++) {
    const cy = y + 0.5;
    const crossings: number[] = [];
    polygon.forEach((a, i) => {
      const b = polygon[(i + 1) % polygon.length];
      if ((a.y <= cy && b.y > cy) || (b.y <= cy && a.y > cy)) crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    });
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const left = Math.max(0, Math.ceil(crossings[i] - 0.5));
      const right = Math.min(map.width - 1, Math.ceil(crossings[i + 1] - 0.5) - 1);
      for (let x = left; x <= right; x++) apply(next, y * map.width + x, paint);
    }
  }
  return next;
}

/** Gives every pixel no region holds to one region (the fill-the-rest class), as a new map. */
export function fillRest(map: LabelMap, label: number): LabelMap {
  const labels = map.labels.slice();
  for (let offset = 0; offset < labels.length; offset++) if (labels[offset] === 0) labels[offset] = label;
  return { ...map, labels };
}

/** Pixels each label holds, by label (index 0 counts the unpainted ones). */
export function labelAreas(map: LabelMap, regions: number): number[] {
  const areas = new Array<number>(regions + 1).fill(0);
  for (const label of map.labels) if (label <= regions) areas[label] += 1;
  return areas;
}

/**
 * Pairs of masks that claim one pixel, by their positions in the list; every mask that overlaps another is in at
 * least one pair. The check a frame's masks pass before they are saved: it works on spans, with no frame-sized buffer.
 */
export function overlappingMasks(masks: Pick<MaskShape, 'counts'>[]): [number, number][] {
  const spans = masks.flatMap((mask, index) => maskSpans(mask).map(([start, end]) => ({ start, end, index })));
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const pairs = new Map<string, [number, number]>();
  let reach = { end: -1, index: -1 };
  for (const span of spans) {
    if (span.start < reach.end && span.index !== reach.index) {
      const pair: [number, number] = reach.index < span.index ? [reach.index, span.index] : [span.index, reach.index];
      pairs.set(pair.join(), pair);
    }
    if (span.end > reach.end) reach = { end: span.end, index: span.index };
  }
  return [...pairs.values()];
}

/** Whether a mask paints the pixel under a point. */
export function maskHas(mask: MaskShape, point: ResultPoint): boolean {
  const [x, y] = [Math.floor(point.x), Math.floor(point.y)];
  if (x < 0 || y < 0 || x >= mask.width || y >= mask.height) return false;
  const offset = y * mask.width + x;
  let start = 0;
  for (let index = 0; index < mask.counts.length; index++) {
    const end = start + mask.counts[index];
    if (offset < end) return index % 2 === 1;
    start = end;
  }
  return false;
}

/** The smallest box around a mask's pixels: x, y, width, height; zeros for an empty mask. */
export function maskBounds(mask: MaskShape): [number, number, number, number] {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [start, end] of maskSpans(mask)) {
    const firstRow = Math.floor(start / mask.width);
    const lastRow = Math.floor((end - 1) / mask.width);
    top = Math.min(top, firstRow);
    bottom = Math.max(bottom, lastRow);
    // A span over a row's end covers the whole width.
    if (firstRow !== lastRow) [left, right] = [0, mask.width - 1];
    else {
      left = Math.min(left, start % mask.width);
      right = Math.max(right, (end - 1) % mask.width);
    }
  }
  return top === Infinity ? [0, 0, 0, 0] : [left, top, right - left + 1, bottom - top + 1];
}
