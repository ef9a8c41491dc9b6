// A cloud laid out for drawing: its points reordered by the cell of a ground grid they fall in, so that what a view
// shows of the cloud (the top view's rectangle, a box's surroundings, the cells in the perspective view's frustum) is
// a few runs of consecutive points, drawn as ranges of the buffers uploaded once, with no index to build or upload.
// Made in the cloud worker together with decoding; the cloud's own arrays keep their order, which every point index
// (selection, segments, exports) refers to.
import type { PointCloud } from '@annot/workflows';
import { groundHeight } from '../tools/cuboid-fitting';
import type { CloudRanges } from './point-material';

export interface CloudGrid {
  count: number;
  /**
   * Points the drawn arrays have room for: the count rounded up to a whole number of chunks, so that the next frames,
   * whose counts differ a little, fit the GPU buffers already made and are uploaded into them.
   */
  capacity: number;
  /** The grid's corner on the ground (min x, min y), its cell's side in metres, and its columns (along x) and rows. */
  origin: [number, number];
  cell: number;
  columns: number;
  rows: number;
  /** Where each cell's points begin in the drawn order, row by row; one more entry than cells, ending at count. */
  starts: Uint32Array;
  /** The cloud's index of each point in the drawn order. */
  order: Uint32Array;
  /** The cloud's arrays in the drawn order, `capacity` points long: what goes to the GPU. */
  positions: Float32Array;
  intensity: Float32Array | null;
  colors: Uint8Array | null;
  /** The lowest and highest point, bounding every cell upwards and downwards. */
  heights: [number, number];
  ground: number;
  ranges: CloudRanges;
}

/** Cells along the cloud's longer side; a cell is never smaller than `smallestCell` metres nor larger than `largestCell`. */
const cellsAcross = 64;
const smallestCell = 0.5;
const largestCell = 8;

/** Points by which the drawn arrays' room grows. */
const chunk = 32_768;

/** Of the points sampled, the share the grid may leave to its edge cells on each side, so a few strays do not coarsen it. */
const strays = 0.002;

/** The cloud's grid, of cells `cell` metres across where given (Infinity: one cell, which every view draws whole). */
export function gridCloud(cloud: PointCloud, cell?: number): CloudGrid {
  const { count, positions } = cloud;
  let [minZ, maxZ] = [Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const z = positions[i * 3 + 2];
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  if (count === 0) [minZ, maxZ] = [0, 0];
  const [minX, maxX] = spread(positions, count, 0);
  const [minY, maxY] = spread(positions, count, 1);
  cell ??= Math.min(largestCell, Math.max(smallestCell, Math.max(maxX - minX, maxY - minY) / cellsAcross));
  const columns = Math.max(1, Math.ceil((maxX - minX) / cell + 1e-9));
  const rows = Math.max(1, Math.ceil((maxY - minY) / cell + 1e-9));
  const cellOf = new Uint32Array(count);
  const starts = new Uint32Array(columns * rows + 1);
  // Strays beyond the span go to the edge cells, whose boxes reach out without end (a coordinate that is not a number,
  // which no reader keeps, to the first).
  for (let i = 0; i < count; i++) {
    const [x, y] = [positions[i * 3], positions[i * 3 + 1]];
    const column = x > minX ? Math.min(columns - 1, Math.floor((x - minX) / cell)) : 0;
    const row = y > minY ? Math.min(rows - 1, Math.floor((y - minY) / cell)) : 0;
    const c = row * columns + column;
    cellOf[i] = c;
    starts[c + 1]++;
  }
  for (let c = 0; c < columns * rows; c++) starts[c + 1] += starts[c];
  // A counting sort: each point goes to the next free place of its cell.
  const next = starts.slice(0, columns * rows);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[next[cellOf[i]]++] = i;
  const ground = groundHeight(cloud);
  const capacity = Math.max(1, Math.ceil(count / chunk)) * chunk;
  return {
    count,
    capacity,
    origin: [minX, minY],
    cell,
    columns,
    rows,
    starts,
    order,
    positions: reordered(positions, order, 3, capacity),
    intensity: cloud.intensity && reordered(cloud.intensity, order, 1, capacity),
    colors: cloud.colors && reordered(cloud.colors, order, 3, capacity),
    heights: [minZ, maxZ],
    ground,
    ranges: cloudRanges(cloud, ground),
  };
}

/** The span of one axis over a sample of the points, without the few strays at either end. */
function spread(positions: Float32Array, count: number, axis: number): [number, number] {
  if (count === 0) return [0, 0];
  const step = Math.max(1, Math.floor(count / 4096));
  const values: number[] = [];
  for (let i = 0; i < count; i += step) values.push(positions[i * 3 + axis]);
  values.sort((a, b) => a - b);
  const cut = Math.floor(values.length * strays);
  return [values[cut], values[values.length - 1 - cut]];
}

function reordered<T extends Float32Array | Uint8Array>(source: T, order: Uint32Array, width: number, capacity: number): T {
  const out = new (source.constructor as new (length: number) => T)(capacity * width);
  for (let j = 0; j < order.length; j++) {
    const i = order[j] * width;
    for (let k = 0; k < width; k++) out[j * width + k] = source[i + k];
  }
  return out;
}

/** The ranges the colour modes scale over: heights from the ground up, distances out to the cloud's reach, reflectance as it comes. */
function cloudRanges(cloud: PointCloud, ground: number): CloudRanges {
  let [low, high] = [Infinity, -Infinity];
  if (cloud.intensity) {
    for (let i = 0; i < cloud.count; i++) {
      const value = cloud.intensity[i];
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  const { min, max } = cloud.bounds;
  const reach = Math.max(Math.abs(min[0]), Math.abs(max[0]), Math.abs(min[1]), Math.abs(max[1]));
  return {
    height: [ground - 0.3, Math.min(max[2], ground + 5)],
    depthMax: Math.min(Math.max(reach, 10), 80),
    intensity: low <= high ? [low, high] : [0, 1],
    hasIntensity: cloud.intensity !== null,
    hasColor: cloud.colors !== null,
  };
}

/** The grid's arrays, for handing it across from the worker without a copy. */
export function gridBuffers(grid: CloudGrid): ArrayBuffer[] {
  const arrays = [grid.starts, grid.order, grid.positions, grid.intensity, grid.colors];
  return arrays.flatMap((array) => (array ? [array.buffer as ArrayBuffer] : []));
}

const grids = new WeakMap<PointCloud, CloudGrid>();

/** Keeps the grid the worker made for a cloud, so drawing it finds the grid ready. */
export function adoptGrid(cloud: PointCloud, grid: CloudGrid): void {
  grids.set(cloud, grid);
}

/** A cloud's grid: the one the worker made with it, else made now and kept. */
export function prepareCloud(cloud: PointCloud): CloudGrid {
  let grid = grids.get(cloud);
  if (!grid) {
    grid = gridCloud(cloud);
    grids.set(cloud, grid);
  }
  return grid;
}

/** The places in the drawn order of the points a mask (one byte per point of the cloud) marks, written into `into`; answers how many. */
export function drawnPlaces(grid: CloudGrid, mask: Uint8Array, into: Uint32Array): number {
  let k = 0;
  for (let j = 0; j < grid.count; j++) if (mask[grid.order[j]] !== 0) into[k++] = j;
  return k;
}

/** A run of consecutive points in the drawn order: [start, count]. */
export type DrawRange = [number, number];

/**
 * The runs of the cells a ground rectangle (min x, min y, max x, max y; null for the whole grid) meets, or, where
 * `keep` is given, those of them it keeps (a cell's rectangle on the ground). Whole cells are drawn, so a view's own
 * edges cut the few points beyond the rectangle. Runs that meet are joined.
 */
export function gridRanges(
  grid: CloudGrid,
  rectangle: [number, number, number, number] | null,
  keep?: (x0: number, y0: number, x1: number, y1: number) => boolean,
): DrawRange[] {
  const { origin, cell, columns, rows, starts } = grid;
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, Math.floor(value)));
  const [c0, c1, r0, r1] = rectangle
    ? [clamp((rectangle[0] - origin[0]) / cell, columns), clamp((rectangle[2] - origin[0]) / cell, columns), clamp((rectangle[1] - origin[1]) / cell, rows), clamp((rectangle[3] - origin[1]) / cell, rows)]
    : [0, columns - 1, 0, rows - 1];
  const out: DrawRange[] = [];
  const add = (start: number, end: number) => {
    if (end <= start) return;
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else out.push([start, end - start]);
  };
  for (let r = r0; r <= r1; r++) {
    if (!keep) {
      add(starts[r * columns + c0], starts[r * columns + c1 + 1]);
      continue;
    }
    for (let c = c0; c <= c1; c++) {
      if (starts[r * columns + c + 1] === starts[r * columns + c]) continue;
      const x0 = c === 0 ? -Infinity : origin[0] + c * cell;
      const y0 = r === 0 ? -Infinity : origin[1] + r * cell;
      const x1 = c === columns - 1 ? Infinity : origin[0] + (c + 1) * cell;
      const y1 = r === rows - 1 ? Infinity : origin[1] + (r + 1) * cell;
      if (keep(x0, y0, x1, y1)) add(starts[r * columns + c], starts[r * columns + c + 1]);
    }
  }
  return out;
}
